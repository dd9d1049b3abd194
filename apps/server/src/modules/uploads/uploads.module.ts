import { siteAssets } from '../../db/schema/sites';
import { defineModule } from '../../platform/module';
import { registerMediaRoute } from './media-route';
import completeUpload from './routes/complete-upload';
import completeZipUpload from './routes/complete-zip-upload';
import generateUploadUrls from './routes/generate-upload-urls';
import generateZipUrl from './routes/generate-zip-url';
import uploadAsset from './routes/upload-asset';
import uploadZip from './routes/upload-zip';

export const uploadsModule = defineModule({
  name: 'uploads',
  routes: [generateUploadUrls, generateZipUrl, uploadAsset, uploadZip, completeUpload, completeZipUpload],
  http: (app, ctx) => {
    registerMediaRoute(app, ctx);
    return undefined;
  },
  tables: [siteAssets],
});
