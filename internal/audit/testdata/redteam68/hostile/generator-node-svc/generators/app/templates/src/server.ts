import Fastify from 'fastify';
import health from './routes/health.js';

export function build() {
  const app = Fastify({ logger: true });
  app.register(health);
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build().listen({ port: Number(process.env.PORT ?? <%= port %>), host: '0.0.0.0' });
}
