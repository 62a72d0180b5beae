import type { Config } from '../config';
import type { Mailer } from './mail';
import type { TokenService } from './tokens';

/**
 * What services may need besides their repositories and the other services they call: one object, built once in
 * app.ts. The database is not in it: only app.ts hands it to repositories.
 */
export interface Deps {
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  /** The app secret (APP_SECRET or the persisted one). Derive a per-purpose key from it; never use it as is. */
  secret: string;
}
