import closeWithGrace from 'close-with-grace';
import { accountDomain } from '@portal/contracts/brand';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { createRateLimitStore } from './counters/rate-limit-store';
import { formatDemoBadges } from './demo/demo-badges';
import { formatDemoIdentities } from './demo/demo-identities';
import { DEFAULT_REGISTRY_SEED } from './demo/registry-generator';
import { DEMO_PASSWORD, formatDemoSignInAccounts } from './demo/demo-passwords';
import { seedDemoRegistry } from './demo/registry-loader';

// Long enough for in-flight requests to finish; short enough for an orchestrator's kill timer.
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the first query: the drivers are patched as tracing starts. The SDK is loaded only
  // when a collector is configured.
  const tracing = config.tracing
    ? await (await import('./tracing/tracing')).startOtlpTracing(config.tracing)
    : undefined;
  const database = await openDatabase(config.database);
  if (config.seedDemo) {
    const seeded = await seedDemoRegistry(database, {
      people: config.demoPeople,
      seed: DEFAULT_REGISTRY_SEED,
      productName: config.brand.productName,
    });
    if (seeded.seeded)
      console.log(
        `Seeded a demo registry of ${seeded.report.people} people in ${seeded.report.seconds.toFixed(1)} s.`,
      );
  }
  const rateLimit = await createRateLimitStore(config.redisUrl, config.rateLimitPrefix);
  const app = await buildApp({ config, database, rateLimit, tracing });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await rateLimit.close();
    await database.close();
    await tracing?.shutdown();
  });

  const address = await app.listen({ host: config.host, port: config.port });
  const url = address.replace('127.0.0.1', 'localhost');
  console.log(
    [
      '',
      `  Akun ${accountDomain(config.brand)} portal:   ${url}`,
      `  API documentation:        ${url}/docs`,
      `  Database:                 ${database.kind === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL'}`,
      `  Rate-limit counters:      ${rateLimit.kind}`,
      `  Traces:                   ${config.tracing ? `OTLP to ${config.tracing.endpoint}` : 'off'}`,
      `  Mail:                     ${config.smtpUrl ? 'SMTP' : `dev mailbox at ${url}/dev/mailbox`}`,
      '',
    ].join('\n'),
  );
  if (config.seedDemo) {
    await app.services.platforms.registerDemoPlatform(config.demoPlatform);
    console.log(
      `  Demo platform (npm run demo:platform, allows badge sign-in): ${config.demoPlatform.url}\n`,
    );
    const { identities, signInAccounts, referralCode, badgeSchool } =
      await app.services.demoIdentities.prepare();
    console.log(
      `${formatDemoIdentities(identities)}\n  Password of these learning accounts: ${DEMO_PASSWORD}\n`,
    );
    console.log(`${formatDemoSignInAccounts(signInAccounts)}\n`);
    console.log(`Referral code for an office request at /account/dinas: ${referralCode}\n`);
    if (badgeSchool) console.log(`${formatDemoBadges(url, badgeSchool)}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
