import type { Config } from './config';
import type { Database } from './db/database';
import { createFeatureTogglesService } from './feature-toggles/feature-toggles-service';
import type { RateLimitStore } from './http/rate-limit-store';
import { createTrackingService } from './tracking/tracking-service';

type Dependencies = { config: Config; database: Database; rateLimit: RateLimitStore };

/** Wires every service to its data; the one place dependencies are assembled. */
export function createServices({ config, database }: Dependencies) {
  return {
    featureToggles: createFeatureTogglesService(database.db),
    tracking: createTrackingService(database.db, config.trackingHmacKey),
  };
}
export type Services = ReturnType<typeof createServices>;
