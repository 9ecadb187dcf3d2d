/**
 * The store logo upload (owner only, docs/admin.md "Images"): `POST /api/v1/admin/settings/logo` with one
 * JPEG, PNG or WebP file (`multipart/form-data`, at most 10 MB; read by ../media/upload-parts.ts, so the
 * body has no schema by design) goes through the product images' pipeline and becomes the store's
 * `company_logo_url` (store info), with an audit entry. Staff get 403 from the role hook.
 */
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeLogoSchema } from '@shared/admin/admin-image-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { stores } from '../../db/schema/store-tables';
import { BadRequestError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { actorOf, requireMember } from '../auth/role-hook';
import { processAll, saveUploads } from '../media/save-uploads';
import { releaseUnusedImages, removeMediaFiles } from '../media/unused-images';
import { readUploadedFiles } from '../media/upload-parts';

export const ONE_LOGO_MESSAGE = 'Upload one image as the logo';

export const storeLogoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);

  /** 201 the new logo (its URL is now the store's `companyLogoUrl`); 400 `{ error }` for a refused file. */
  app.post(
    '/settings/logo',
    {
      config: { ownerOnly: true },
      schema: { response: { 201: storeLogoSchema, '4xx': errorBodySchema } },
    },
    async (request, reply) => {
      const { storeId } = request;
      const actor = actorOf(await requireMember(request));
      const files = await readUploadedFiles(request);
      if (files.length !== 1) throw new BadRequestError(ONE_LOGO_MESSAGE);
      const { stored, unused } = await saveUploads(
        app,
        storeId,
        await processAll(files),
        async (tx, stored) => {
          const [before] = await tx
            .select({ url: stores.companyLogoUrl })
            .from(stores)
            .where(eq(stores.id, storeId))
            .for('update');
          await tx.update(stores).set({ companyLogoUrl: stored[0]!.url }).where(eq(stores.id, storeId));
          await recordAudit(tx, {
            storeId,
            actor,
            entity: 'store',
            entityId: String(storeId),
            action: 'upload-logo',
            before: { companyLogoUrl: before?.url ?? null },
            after: { companyLogoUrl: stored[0]!.url },
          });
          // The logo replaced: its files go once nothing else names them.
          return { stored, unused: await releaseUnusedImages(tx, storeId, [before?.url]) };
        },
      );
      await removeMediaFiles(app.mediaStorage, unused, request.log);
      const [logo] = stored;
      return reply
        .code(201)
        .send({ companyLogoUrl: logo!.url, srcset: logo!.srcset, width: logo!.width, height: logo!.height });
    },
  );
};
