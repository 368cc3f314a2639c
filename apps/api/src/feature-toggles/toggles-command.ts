import { userInfo } from 'node:os';
import { FeatureToggleKeySchema, TextSettingKeySchema } from '@portal/contracts/feature-toggles';
import { createAuditLog } from '../audit/audit-log';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createFeatureTogglesService } from './feature-toggles-service';
import { runCommand } from '../run-command';

const USAGE = `Usage: npm run toggles -- [list] | [KEY=on|off ...] | [SETTING=text ...]
  npm run toggles -- list
  npm run toggles -- ACCOUNT_CREATION=off REQUEST_PASSWORD_BY_PHONE=on
  npm run toggles -- "ANNOUNCEMENT_MESSAGE=Layanan bantuan libur 17 Agustus"`;

/**
 * Sets toggles from the command line, for operators (staff use the console). Each change is
 * recorded like the console's, with the operating-system user as `cli:<user>`.
 */
async function main(args: string[]): Promise<number> {
  const changes = args.filter((arg) => arg !== 'list');
  const parsed = changes.map((arg) => {
    const at = arg.indexOf('=');
    if (at < 1) throw new Error(`Not KEY=value: ${arg}\n${USAGE}`);
    return { key: arg.slice(0, at), value: arg.slice(at + 1) };
  });
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const audit = createAuditLog(database.db, config.trackingHmacKey);
    const service = createFeatureTogglesService({ db: database.db, audit });
    const actor = `cli:${userInfo().username}`.slice(0, 48);
    for (const { key, value } of parsed) {
      const toggle = FeatureToggleKeySchema.safeParse(key);
      if (toggle.success) {
        if (!['on', 'off', 'true', 'false'].includes(value))
          throw new Error(`${key} takes on or off\n${USAGE}`);
        await service.change(toggle.data, value === 'on' || value === 'true', actor);
        continue;
      }
      const setting = TextSettingKeySchema.safeParse(key);
      if (!setting.success) throw new Error(`Unknown toggle or setting: ${key}\n${USAGE}`);
      await service.change(setting.data, value, actor);
    }
    const { toggles, settings } = await service.remoteConfig();
    for (const [key, enabled] of Object.entries(toggles))
      console.log(`${key.padEnd(26)} ${enabled ? 'on' : 'off'}`);
    for (const [key, text] of Object.entries(settings))
      console.log(`${key.padEnd(26)} ${JSON.stringify(text)}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
