import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TActingRole, TAuthority, TRole, TRoutePrefix } from '@swipe/contracts/roles';
import type { TConfig } from '../config';
import type { TDb } from '../db/client';
import type { TDbOrTx } from '../db/tx';
import type { TSiteChange } from './change-notices';
import type { TWindowCounter } from './counters';
import type { TJobHandler } from './jobs';
import type { TMailer } from './mail';
import type { TModuleRegistry } from './module';
import type { TPageCache } from './page-cache';
import type { TStorage } from './storage';
import type { TStorageHealth } from './storage-health';
import type { TTokenSigner } from './tokens';
import type { TUrlSigner } from './url-signer';
import type { TEventIntake } from './visit-events';
import type { TVisitKeys } from './visit-keys';

/** What every handler and service can reach: built once in app.ts. */
export interface TAppContext {
  config: TConfig;
  db: TDb;
  mailer: TMailer;
  tokens: TTokenSigner;
  /** Signs and checks signed URLs (uploads), with a key of its own derived from the JWT secret. */
  urls: TUrlSigner;
  /** Uploaded files: local disk under DATA_DIR/media by default, an S3 bucket with S3_BUCKET. */
  storage: TStorage;
  /** Whether files can be written now (a full disk answers 507 and shows on /api/health). */
  storageHealth: TStorageHealth;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  /** Asks the job worker (when one runs) to look for due jobs now rather than at its next poll. */
  nudgeJobs(): void;
  /**
   * Visit events: the batch writer, whether a site takes events, and the visitor ids and visit
   * keys the server issues (modules/visits).
   */
  visits: { writer: TEventIntake; isLive(siteId: string): Promise<boolean>; keys: TVisitKeys };
  /**
   * What visitors see of a site may have changed: announced in `db`'s transaction to every
   * process (their caches drop it when it commits), and dropped here at once.
   */
  siteChanged(db: TDbOrTx, change: TSiteChange): Promise<void>;
  /** Published pages kept rendered in memory (served before Fastify sees the request). */
  pageCache: TPageCache;
  /** What the modules declared for the platform to consult: usage counters, contract-end steps. */
  modules: TModuleRegistry;
  /** Rate-limit and attempt windows, shared by every process when REDIS_URL is set. */
  counters: TWindowCounter;
  /** Every job kind the product knows, by kind. */
  jobHandlers: Record<string, TJobHandler>;
}

/** The signed-in operator, as the guard loaded it for this request. */
export interface TCaller {
  userId: string;
  email: string;
  role: TRole;
  /** The role whose permissions apply: a SUB_ADMIN acts as its parent's role. */
  actingRole: TActingRole;
  authority: TAuthority;
  accountId: string;
  accountPath: string;
  routePrefix: TRoutePrefix;
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: TUiLanguage;
    caller: TCaller | null;
  }
}
