import {
  sitePreviewCodes,
  sitePreviewSessions,
  sitePreviewSettings,
  sitePreviewShares,
} from '../../db/schema/preview';
import { defineModule } from '../../platform/module';
import { PREVIEW_CODE_JOB, previewCodeJob } from './preview-share.service';
import getPreviewCompany from './routes/get-preview-company';
import getPreviewProducts from './routes/get-preview-products';
import getPreviewSeo from './routes/get-preview-seo';
import getPreviewShare from './routes/get-preview-share';
import getPreviewShareStatus from './routes/get-preview-share-status';
import getPreviewSite from './routes/get-preview-site';
import previewLogin from './routes/preview-login';
import requestPreviewCode from './routes/request-preview-code';
import revokePreviewShare from './routes/revoke-preview-share';
import setPreviewPassword from './routes/set-preview-password';
import sharePreview from './routes/share-preview';

export const previewShareModule = defineModule({
  name: 'preview-share',
  routes: [
    getPreviewCompany,
    getPreviewProducts,
    getPreviewSeo,
    getPreviewShareStatus,
    getPreviewShare,
    getPreviewSite,
    previewLogin,
    requestPreviewCode,
    revokePreviewShare,
    setPreviewPassword,
    sharePreview,
  ],
  tables: [sitePreviewSettings, sitePreviewShares, sitePreviewSessions, sitePreviewCodes],
  jobs: (ctx) => ({ [PREVIEW_CODE_JOB]: (payload) => previewCodeJob(ctx, payload) }),
});
