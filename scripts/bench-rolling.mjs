// `npm run bench:rolling`: a rolling restart under load, the way docs/production-server.md 'Deploy' says
// to run one. Debian's nginx with the shipped site (deploy/nginx/leads-site.conf) in front of two
// instances on a throwaway PostgreSQL (scripts/lib/proxy-stack.mjs); 12 clients post the contact form as
// a browser without JavaScript does and 4 read pages, for 60 s (BENCH_DURATION_S), while the instances
// get SIGTERM and are started again one at a time, four times in all. Prints the requests and the failed
// ones, the leads accepted and delivered (to both destinations, and any delivered twice), and each
// instance's drain time (SIGTERM to exit) and exit code. Needs nginx (`apt-get install nginx-light`).
// Target: 0 failed requests, every accepted lead delivered once, every exit code 0.
import { ensureBuild } from "./lib/build.mjs";
import { startProxyStack, startVisitors, waitForDeliveries } from "./lib/proxy-stack.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION_S) || 60;
const RESTARTS = 4;

ensureBuild();
const stack = await startProxyStack({ env: { FORM_RATE_LIMIT: "1000000" } });
try {
  console.log(`nginx at ${stack.url}, instances on ports ${stack.instances.map((i) => i.port).join(", ")}`);
  const started = performance.now();
  const visitors = startVisitors(stack.url, { noJs: 12, js: 0, readers: 4, prefix: "bench" });
  const restarts = [];
  for (let index = 0; index < RESTARTS; index += 1) {
    // Spread over the run: the first after a tenth of it, the last well before its end.
    const at = ((index + 0.5) / (RESTARTS + 0.5)) * DURATION_S * 1000;
    // And never sooner than 3 s after the previous instance is back: the shipped upstream's
    // fail_timeout is 2 s (docs/production-server.md 'Deploy', the rolling restart).
    const wait = Math.max(at - (performance.now() - started), index > 0 ? 3_000 : 0);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const instance = stack.instances[index % stack.instances.length];
    const signalledAt = (performance.now() - started) / 1000;
    const { code, ms } = await stack.restart(instance);
    restarts.push({ instance: instance.name, signalledAt, code, ms });
    console.log(
      `  ${instance.name} SIGTERM at ${signalledAt.toFixed(1)} s: exit ${code} after ${ms} ms, started again`,
    );
  }
  const rest = DURATION_S * 1000 - (performance.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  const results = await visitors.stop();
  const elapsed = (performance.now() - started) / 1000;
  const { byName, missing } = await waitForDeliveries(stack.receiver, results.accepted, 120_000);
  const twice = results.accepted.filter(
    (name) => (byName.get(name)?.["/form-service"] ?? 0) > 1 || (byName.get(name)?.["/automation"] ?? 0) > 1,
  );

  console.log(`\nrolling restart under load, ${elapsed.toFixed(0)} s, 12 no-JS posters + 4 readers through nginx`);
  console.log(
    `  requests              ${results.requests} (${results.byKind.noJs} lead posts, ${results.byKind.read} page reads)`,
  );
  console.log(`  failed requests       ${results.failures.length}`);
  for (const failure of results.failures.slice(0, 10)) console.log(`    ${JSON.stringify(failure).slice(0, 200)}`);
  console.log(`  leads accepted        ${results.accepted.length}`);
  console.log(`  leads delivered       ${results.accepted.length - missing.length} to both destinations`);
  console.log(`  delivered twice       ${twice.length}`);
  for (const restart of restarts)
    console.log(`  drain ${restart.instance}             ${restart.ms} ms (exit ${restart.code})`);
  const drained = stack.instances.flatMap((instance) =>
    instance.output.split("\n").filter((line) => line.includes('"connections drained"')),
  );
  for (const line of drained) console.log(`  ${line}`);
  const nginxErrors = stack
    .nginxLog()
    .split("\n")
    .filter((line) => /\[(error|crit|alert)\]/.test(line))
    .map((line) => line.replace(/^.*?\[(error|crit|alert)\] \d+#\d+: \*\d+ /, "").replace(/, client:.*$/, ""));
  const counts = new Map();
  for (const line of nginxErrors) counts.set(line, (counts.get(line) ?? 0) + 1);
  for (const [line, count] of counts) console.log(`  nginx error ×${count}: ${line}`);
  const pass =
    results.failures.length === 0 && missing.length === 0 && twice.length === 0 && restarts.every((r) => r.code === 0);
  console.log(pass ? "PASS" : "FAIL");
  process.exitCode = pass ? 0 : 1;
} finally {
  await stack.stop();
}
