import type { ConsoleSection } from '@portal/contracts/staff';
import type {
  FastifyInstance,
  HTTPMethods,
  RouteOptions,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';

/** Who may call a route: anyone, a signed-in learning account, staff, or a school's admin. */
export const ACCESS_KINDS = ['public', 'account', 'staff', 'school-admin'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the route scope's `declareAccess`, never by hand: the route table shows it. */
    access?: AccessKind;
    /** A staff route's console section: the roles granting it may call the route. */
    staffSection?: ConsoleSection;
    /** A school admin's route that needs a recent second factor (decision 0269). */
    secondFactor?: boolean;
  }
}

/**
 * What a route scope requires of its callers. `onRequest` refuses a caller before the body is
 * read (401 without a valid token, 403 for the wrong kind); `preHandler` checks what only the
 * parsed request names (the school of a school-admin route).
 */
export type Requirement = {
  kind: AccessKind;
  /** Staff routes: the console section whose roles may call them. */
  section?: ConsoleSection;
  /** School-admin routes needing a recent second factor. */
  secondFactor?: boolean;
  onRequest?: onRequestAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
};

/** For routes anyone may call; what guards them (bot check, lookup token, code) is their own. */
export const publicAccess: Requirement = { kind: 'public' };

/** The smallest part of a Fastify instance a scope declaration needs, whatever its type provider. */
type Scope = Pick<FastifyInstance, 'addHook'>;

/**
 * Declares who may call every route of this scope (and of the scopes it registers): its hooks,
 * and `config.access` on each route for the route table. Once per scope: a scope inside one that
 * declared already would run both hooks, so it is refused at start-up.
 */
export function declareAccess(scope: Scope, requirement: Requirement): void {
  scope.addHook('onRoute', (route) => {
    if (route.config?.access !== undefined) {
      throw new Error(
        `${String(route.method)} ${route.url}: an outer scope declared its access already (${route.config.access})`,
      );
    }
    // A new object: Fastify copies the route's options for its HEAD twin, config included.
    route.config = {
      ...route.config,
      access: requirement.kind,
      ...(requirement.section ? { staffSection: requirement.section } : {}),
      ...(requirement.secondFactor ? { secondFactor: true } : {}),
    };
  });
  if (requirement.onRequest) scope.addHook('onRequest', requirement.onRequest);
  if (requirement.preHandler) scope.addHook('preHandler', requirement.preHandler);
}

export type DeclaredRoute = {
  method: HTTPMethods;
  url: string;
  access: AccessKind | undefined;
  staffSection: ConsoleSection | undefined;
  secondFactor: boolean;
};

const tables = new WeakMap<object, RouteOptions[]>();

/**
 * Gives requests their `caller` and refuses to start while a route has no declared access: a
 * token route someone forgot to guard must not reach a handler. Before any route is added.
 */
export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  const routes: RouteOptions[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route) => {
    // The root's hook runs before any scope's: a value here was written on the route by hand.
    if (
      route.config?.access !== undefined ||
      route.config?.staffSection !== undefined ||
      route.config?.secondFactor !== undefined
    ) {
      throw new Error(
        `${String(route.method)} ${route.url}: declare access on the route's scope (declareAccess), not in its config`,
      );
    }
    // Scope hooks set the access on this same object after this hook: read at onReady.
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = declaredRoutes(app).filter((route) => route.access === undefined);
    if (missing.length > 0) {
      throw new Error(
        `Routes without a declared access (declareAccess in their scope): ${missing
          .map((route) => `${route.method} ${route.url}`)
          .join(', ')}`,
      );
    }
  });
}

/** Every route of the app with the access its scope declared, one row per method. */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return (tables.get(app) ?? []).flatMap((route) =>
    [route.method].flat().map((method) => ({
      method,
      url: route.url,
      access: route.config?.access,
      staffSection: route.config?.staffSection,
      secondFactor: route.config?.secondFactor === true,
    })),
  );
}
