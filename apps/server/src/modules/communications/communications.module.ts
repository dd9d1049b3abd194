import {
  noticeSites,
  notices,
  platformSecrets,
  pushSubscriptions,
  systemNotificationReads,
  systemNotifications,
} from '../../db/schema/communications';
import { defineModule } from '../../platform/module';
import { seedDemoCommunications } from './demo-communications';
import { noticeJobHandlers } from './notice-jobs';
import { sendDeliveryPush } from './push';
import createDelivery from './routes/create-delivery';
import createNews from './routes/create-news';
import createSystemNotification from './routes/create-system-notification';
import deleteDelivery from './routes/delete-delivery';
import deleteNews from './routes/delete-news';
import deleteSystemNotification from './routes/delete-system-notification';
import endUserNotiDelivery from './routes/end-user-noti-delivery';
import generateUploadUrls from './routes/generate-upload-urls';
import getDelivery from './routes/get-delivery';
import getNews from './routes/get-news';
import getPushKey from './routes/get-push-key';
import getSystemNotification from './routes/get-system-notification';
import listDeliveries from './routes/list-deliveries';
import listNews from './routes/list-news';
import listSystemNotifications from './routes/list-system-notifications';
import markSystemNotificationsRead from './routes/mark-system-notifications-read';
import newsSites from './routes/news-sites';
import showSystemNotifications from './routes/show-system-notifications';
import subscribePush from './routes/subscribe-push';
import unsubscribePush from './routes/unsubscribe-push';
import updateDelivery from './routes/update-delivery';
import updateNews from './routes/update-news';
import updateSystemNotification from './routes/update-system-notification';

// Communications: latest information on sites (platform staff), notification delivery to a
// site's visitors (its creators), and system notifications to operators (MASTER).

export const communicationsModule = defineModule({
  name: 'communications',
  routes: [
    listNews,
    newsSites,
    createNews,
    getNews,
    updateNews,
    deleteNews,
    generateUploadUrls,
    listDeliveries,
    createDelivery,
    getDelivery,
    updateDelivery,
    deleteDelivery,
    listSystemNotifications,
    showSystemNotifications,
    markSystemNotificationsRead,
    createSystemNotification,
    getSystemNotification,
    updateSystemNotification,
    deleteSystemNotification,
    endUserNotiDelivery,
    getPushKey,
    subscribePush,
    unsubscribePush,
  ],
  jobs: (ctx) => noticeJobHandlers(ctx, sendDeliveryPush),
  // platform_secrets holds the deployment's VAPID key pair, which only Web Push uses (push-keys.ts).
  tables: [
    notices,
    noticeSites,
    systemNotifications,
    systemNotificationReads,
    pushSubscriptions,
    platformSecrets,
  ],
  demoSeed: async ({ db, site }) => {
    if (site) await seedDemoCommunications(db, site);
  },
});
