import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from './mail';
import type { TokenService } from './tokens';

/** What every module may need besides its repository: one object, built once in app.ts. */
export interface Deps {
  db: Database;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  /** The app secret (APP_SECRET or the persisted one). Derive a per-purpose key from it; never use it as is. */
  secret: string;
}
