/**
 * zod as the browser builds use it (vite.config.ts points `zod` here): the same library, told never to compile
 * parsers with `new Function`. Even zod's check whether it may do so is reported by the browser as a
 * Content-Security-Policy violation (the shop's pages allow scripts from its own files only), so it is skipped.
 * Imports run first, so this runs before any schema of src/shared is built.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
