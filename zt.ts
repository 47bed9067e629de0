import { buildOpenApiDocument } from './sandbox/features/openapi/openapi-document';
import { createConfig, lintFromString } from '@redocly/openapi-core';
const d = buildOpenApiDocument('http://x');
const t = JSON.stringify(d);
console.log(t.length, Object.keys((d as any).components.schemas));
console.log(JSON.stringify((d as any).paths['/api/v1/payments'].post, null, 1).slice(0, 3500));
const problems = await lintFromString({ source: t, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
for (const p of problems) console.log(p.severity, p.ruleId, p.message, JSON.stringify(p.location?.[0]?.pointer));
