// What every part of the sync-server is handed: configuration, tokens, the backend, logging, mail.
import type { Config } from './config.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Backend } from './backend/backend.ts';
import type { Logger } from './log.ts';
import type { AdminCall } from '../../couch/src/provision.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Revocations } from './auth/revocations.ts';
import type { PushSender } from './push/sender.ts';

export interface ServerContext {
  config: Config;
  tokens: TokenService;
  backend: Backend;
  log: Logger;
  /** Server-admin JSON call against the CouchDB root (provisioning and management). */
  adminCall: AdminCall;
  mailer: Mailer;
  /** Access tokens refused before they expire (deleted accounts, password changes, sign-out everywhere). */
  revocations: Revocations;
  /** Web Push to members' devices (ADR 048): enqueue only, never awaited by the caller. */
  push: PushSender;
}
