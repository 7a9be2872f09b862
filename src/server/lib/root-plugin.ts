/**
 * A plugin that works on the instance registering it (the root), not in a context of its own:
 * what fastify-plugin does, without the dependency. Fastify does not encapsulate a function
 * marked `skip-override`, so its hooks and handlers reach every route registered after it.
 */
import type { FastifyPluginAsync } from 'fastify';

export function rootPlugin<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
