// `medusa exec ./src/scripts/seed.js` (bench/compare-stores.mjs): a catalogue like the store's demo shop, made
// with Medusa's own workflows as its starter's seed script makes one: an India region in rupees, a publishable
// API key for the store API, and 64 published kurtas of five sizes (S–XXL) at ₹1,999 with a description and two
// images each. Writes the key's token and the region's id to the file MEDUSA_BENCH_OUT names, as JSON.
const { writeFileSync } = require('node:fs');
const {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} = require('@medusajs/medusa/core-flows');
const { Modules, ProductStatus } = require('@medusajs/framework/utils');

const PRODUCTS = 64;
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

exports.default = async function seed({ container }) {
  const [store] = await container.resolve(Modules.STORE).listStores();
  let channelId = store.default_sales_channel_id;
  if (!channelId) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: 'Default Sales Channel' }] },
    });
    channelId = result[0].id;
  }
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [{ currency_code: 'inr', is_default: true }],
        default_sales_channel_id: channelId,
      },
    },
  });
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: 'India', currency_code: 'inr', countries: ['in'], payment_providers: ['pp_system_default'] },
      ],
    },
  });
  const { result: keys } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: 'Webshop', type: 'publishable', created_by: '' }] },
  });
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: keys[0].id, add: [channelId] } });
  const products = Array.from({ length: PRODUCTS }, (_, index) => ({
    title: `Cotton Kurta ${index + 1}`,
    handle: `cotton-kurta-${index + 1}`,
    description:
      'A straight-cut kurta in soft cotton, hand embroidered with tone-on-tone paisleys and vines. Side slits ' +
      'for easy movement; pairs well with churidar or straight pyjamas.',
    status: ProductStatus.PUBLISHED,
    images: [{ url: `/static/kurta-${index + 1}.svg` }, { url: `/static/kurta-${index + 1}-detail.svg` }],
    options: [{ title: 'Size', values: SIZES }],
    variants: SIZES.map((size) => ({
      title: size,
      sku: `KURTA-${index + 1}-${size}`,
      options: { Size: size },
      manage_inventory: false,
      prices: [{ amount: 1999, currency_code: 'inr' }],
    })),
    sales_channels: [{ id: channelId }],
  }));
  await createProductsWorkflow(container).run({ input: { products } });
  writeFileSync(
    process.env.MEDUSA_BENCH_OUT,
    JSON.stringify({ publishableKey: keys[0].token, regionId: regions[0].id }),
  );
};
