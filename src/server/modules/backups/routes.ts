/**
 * `POST /api/v1/backups`: a running embedded store takes a backup for `npm run backup` on the same machine
 * (./backup-key.ts). Registered only when the store runs on an embedded data folder. A request from another
 * machine (or through a proxy), or without the key of `DATA_DIR/backup.key`, is answered as an unknown route.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BACKUP_KEY_HEADER, backupRequestSchema, backupSummarySchema } from '@shared/backups/backup-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { BadRequestError, NotFoundError } from '../../errors';
import { isFromThisMachine, sameKey } from './backup-key';
import { summaryOf } from './backup-summary';
import { takeBackup } from './create-backup';

export type BackupRoutesOptions = {
  /** `DATA_DIR` (its media folder goes into the backup). */
  dataDir: string;
  /** The key of the key file, once the server listens; null before. */
  key: () => string | null;
};

export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, options) => {
  /** 201 the backup written into `outDir`; 404 for anyone but a local caller with the key. */
  app.post(
    '/backups',
    {
      schema: {
        body: backupRequestSchema,
        response: { 201: backupSummarySchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const key = options.key();
      const sent = request.headers[BACKUP_KEY_HEADER];
      const local = isFromThisMachine(request.socket, request.headers['x-forwarded-for']);
      if (!key || typeof sent !== 'string' || !local || !sameKey(sent, key)) {
        throw new NotFoundError('Not found: POST /api/v1/backups');
      }
      const { outDir } = request.body;
      try {
        const taken = await takeBackup(app.database, { dataDir: options.dataDir, outDir });
        return reply.code(201).send(summaryOf(taken!));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (!code || !/^E[A-Z]+$/.test(code)) throw error;
        throw new BadRequestError(`Cannot write the backup into ${outDir} (${code})`, {
          outDir: 'must be a folder the store can write',
        });
      }
    },
  );
};
