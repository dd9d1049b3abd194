import { siteAssets } from '../../db/schema/sites';
import { defineModule } from '../../platform/module';
import { registerMediaRoute } from './media-route';
import completeUpload from './routes/complete-upload';
import completeZipUpload from './routes/complete-zip-upload';
import generateUploadUrls from './routes/generate-upload-urls';
import generateZipUrl from './routes/generate-zip-url';
import uploadAsset from './routes/upload-asset';
import uploadZip from './routes/upload-zip';
import { stopRenewing, sweepZipImports, undoImport, ZIP_IMPORT_LEASE } from './zip-import-recovery';

const TEN_MINUTES_MS = 600_000;

export const uploadsModule = defineModule({
  name: 'uploads',
  routes: [generateUploadUrls, generateZipUrl, uploadAsset, uploadZip, completeUpload, completeZipUpload],
  http: (app, ctx) => {
    registerMediaRoute(app, ctx);
    // A closed app renews no import's lease: what it left running is recovered like a crash's.
    app.addHook('onClose', async () => stopRenewing(ctx));
    return undefined;
  },
  // An import whose process died: its lease lapsed and a worker claimed it.
  jobs: (ctx) => ({
    [ZIP_IMPORT_LEASE]: async (payload) => {
      if (typeof payload.uploadId === 'string') await undoImport(ctx, payload.uploadId);
    },
  }),
  recurring: (ctx) => [
    {
      kind: 'uploads.zip-sweep',
      next: (after) =>
        new Date(Math.floor(after.getTime() / TEN_MINUTES_MS) * TEN_MINUTES_MS + TEN_MINUTES_MS),
      run: async () => {
        await sweepZipImports(ctx);
      },
    },
  ],
  start: async (ctx) => {
    await sweepZipImports(ctx);
  },
  tables: [siteAssets],
});
