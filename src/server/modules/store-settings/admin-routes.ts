/**
 * The store settings routes of the admin (owner only, behind the admin role hook; docs/admin.md "Settings"):
 * `GET /settings` and one `PUT` per section. Each `PUT` answers the settings as saved; the storefront's cached
 * answers are dropped at once, so it shows the change on its next request.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categorySettingsSchema,
  categorySizeChartSettingsSchema,
  gstSettingsSchema,
  policySettingsSchema,
  policySlugParamsSchema,
  sizeChartSettingsSchema,
  storeInfoSettingsSchema,
  storeSettingsSchema,
  synonymSettingsSchema,
} from '@shared/store-settings/store-settings-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { returnSettingsSchema } from '@shared/returns/return-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import { paymentSettings } from '../payments/settings';
import { readStoreSettings, saveStoreSection, viewOf, type SettingsSection } from './settings-service';

const answers = { response: { 200: storeSettingsSchema, '4xx': errorBodySchema } };
const ownerOnly = { ownerOnly: true };

export const storeSettingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentSettings(app.config);
  const read = (storeId: number) => readStoreSettings(app.db, storeId, payments);

  /** Saves one section for the request's owner, then drops cached answers; the settings as saved. */
  const save = async (
    request: Parameters<typeof requireMember>[0],
    section: SettingsSection,
    patch: Parameters<typeof saveStoreSection>[4],
  ) => {
    const admin = await requireMember(request);
    if (await saveStoreSection(app.db, request.storeId, actorOf(admin), section, patch)) {
      await app.catalogChanged();
    }
    return read(request.storeId);
  };

  /** 200 every section of the store's settings and the payment set-up (no secrets). */
  app.get('/settings', { config: ownerOnly, schema: answers }, async (request) => read(request.storeId));

  /** 200 saved; 400 `{ error, fields }` (`socialLinks.instagram`, …). Without `socialLinks` the links stay. */
  app.put(
    '/settings/store-info',
    { config: ownerOnly, schema: { body: storeInfoSettingsSchema, ...answers } },
    async (request) =>
      save(
        request,
        {
          entityId: 'store-info',
          action: 'update-store-info',
          view: viewOf(...Object.keys(storeInfoSettingsSchema.shape)),
        },
        () => {
          const { socialLinks, ...texts } = request.body;
          return socialLinks === undefined ? texts : { ...texts, socialLinks };
        },
      ),
  );

  /** 200 saved; 400 `{ error, fields }` (`sizeChart.tables.0.rows.2.values`, …). `null` removes the chart. */
  app.put(
    '/settings/size-chart',
    { config: ownerOnly, schema: { body: sizeChartSettingsSchema, ...answers } },
    async (request) =>
      save(
        request,
        { entityId: 'size-chart', action: 'update-size-chart', view: viewOf('sizeChart') },
        () => ({
          sizeChart: request.body.sizeChart ?? undefined,
        }),
      ),
  );

  /**
   * 200 saved; 400 `{ error, fields }` (`categorySizeCharts.Kurtis.tables.0.rows.2.values`, …). The body is
   * every category's chart: one left out loses its own chart.
   */
  app.put(
    '/settings/category-size-charts',
    { config: ownerOnly, schema: { body: categorySizeChartSettingsSchema, ...answers } },
    async (request) =>
      save(
        request,
        {
          entityId: 'category-size-charts',
          action: 'update-category-size-charts',
          view: viewOf('categorySizeCharts'),
        },
        () => ({ categorySizeCharts: request.body.categorySizeCharts }),
      ),
  );

  /** 200 saved; 400 `{ error, fields }`. Categories left off the list keep their products. */
  app.put(
    '/settings/categories',
    { config: ownerOnly, schema: { body: categorySettingsSchema, ...answers } },
    async (request) =>
      save(
        request,
        { entityId: 'categories', action: 'update-categories', view: viewOf('categories', 'categoryImages') },
        (current) => {
          const listed = new Set(request.body.categories.map((category) => category.name.toLowerCase()));
          const otherImages = Object.entries((current.categoryImages as Record<string, string>) ?? {}).filter(
            ([name]) => !listed.has(name.toLowerCase()),
          );
          return {
            categories: request.body.categories.map((category) => category.name),
            categoryImages: Object.fromEntries([
              ...otherImages,
              ...request.body.categories
                .filter((category) => category.imageUrl !== '')
                .map((category) => [category.name, category.imageUrl]),
            ]),
          };
        },
      ),
  );

  /** 200 saved; 400 `{ error, fields }` (GSTIN, state and code checked as in the catalogue file). */
  app.put(
    '/settings/gst',
    { config: ownerOnly, schema: { body: gstSettingsSchema, ...answers } },
    async (request) =>
      save(
        request,
        {
          entityId: 'gst',
          action: 'update-gst',
          view: viewOf('legalName', 'legalAddress', 'state', 'gstin', 'invoicePrefix', 'gstDefaults'),
        },
        () => ({
          ...request.body,
          gstDefaults: Object.fromEntries(
            request.body.gstDefaults.map((entry) => [
              entry.category,
              { hsn: entry.hsn, ...(entry.gstRate === null ? {} : { gstRate: entry.gstRate }) },
            ]),
          ),
        }),
      ),
  );

  /** 200 saved; 400 `{ error, fields }`. An empty list means no synonyms at all. */
  app.put(
    '/settings/synonyms',
    { config: ownerOnly, schema: { body: synonymSettingsSchema, ...answers } },
    async (request) =>
      save(request, { entityId: 'synonyms', action: 'update-synonyms', view: viewOf('synonyms') }, () => ({
        synonyms: request.body.groups,
      })),
  );

  /**
   * 200 saved; 400 `{ error, fields }` (`windowDays`, `pickupFee`, `returnAddress`). The settings replace the
   * store's whole (docs/returns.md "Settings"); a blank address is stored as none (the company address).
   */
  app.put(
    '/settings/returns',
    { config: ownerOnly, schema: { body: returnSettingsSchema, ...answers } },
    async (request) =>
      save(request, { entityId: 'returns', action: 'update-returns', view: viewOf('returns') }, () => ({
        returns: request.body,
      })),
  );

  /** 200 saved; 400 `{ error, fields }`. Blank HTML returns the page to its default text. Stored as typed. */
  app.put(
    '/settings/policies/:slug',
    { config: ownerOnly, schema: { params: policySlugParamsSchema, body: policySettingsSchema, ...answers } },
    async (request) => {
      const { slug } = request.params;
      const policyOf = (block: Record<string, unknown>) => ({
        [slug]: (block.policies as Record<string, string> | undefined)?.[slug] ?? null,
      });
      return save(
        request,
        { entityId: `policy:${slug}`, action: 'update-policy', view: policyOf },
        (current) => {
          const policies = { ...((current.policies as Record<string, string>) ?? {}) };
          if (request.body.html.trim() === '') delete policies[slug];
          else policies[slug] = request.body.html;
          return { policies };
        },
      );
    },
  );
};
