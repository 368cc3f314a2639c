/**
 * What the browser journeys and benchmarks may take of the demo registry (the package's
 * `@portal/api/demo-registry` entry): the generator the server seeds with, its seed, and the
 * registry written as the CSV snapshot the sync reads, so a journey builds the same registry again.
 */
export { DEFAULT_REGISTRY_SEED, createRegistryPlan, registryPeople } from './registry-generator';
export { registryCsv } from './registry-loader';
export { loadRegionData } from './regions';
