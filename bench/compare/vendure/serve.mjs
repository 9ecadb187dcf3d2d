// `node serve.mjs <database> <assets folder> <port>`: Vendure's server on a populated database (populate.mjs);
// prints "listening" once it answers.
import { bootstrap } from '@vendure/core';
import { vendureConfig } from './vendure-config.mjs';

const [database, assetsDir, port] = process.argv.slice(2);
const app = await bootstrap(vendureConfig({ port: Number(port), database, assetsDir }));
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
