import autocannon from 'autocannon';
const base = process.argv[2]; const N = Number(process.argv[3] ?? 20000); const C = Number(process.argv[4] ?? 200);
function random(seed) { return () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const SEARCH_PATH = { sl: '/iskanje', en: '/search', de: '/suche' };
const WORDS = ['rolete', 'žaluzije', 'senčila', 'komarniki', 'screen', 'pergola', 'tenda', 'motor', 'blinds', 'shutter', 'Markise', 'Rollladen', 'garage', 'alu'];
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const next = random(2026); const pick = (l) => l[Math.floor(next() * l.length)]; const token = () => Math.floor(next() * 2 ** 32).toString(36);
const locale = () => pick(['sl', 'en', 'de']); const word = () => (next() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${token()}`);
const ONLY = process.env.ONLY;
function gen() { for (;;) { const r = next(); let k, p;
  if (r < 0.5) { k = 'page'; p = pick(pages); } else if (r < 0.65) { k = 'payload'; p = `${pick(pages).replace(/\/$/, '')}/_payload.json`; }
  else if (r < 0.7) { const l = locale(); k = 'searchpage'; p = `/${l}${SEARCH_PATH[l]}?q=${encodeURIComponent(word())}`; }
  else if (r < 0.8) { k = 'searchapi'; p = `/api/search?lang=${locale()}&q=${encodeURIComponent(word())}`; }
  else if (r < 0.97) { k = 'utm'; p = `${pick(pages)}?utm_source=${token()}&fbclid=${token()}`; } else { k = '404'; p = `/${locale()}/${token()}`; }
  if (!ONLY || ONLY === k) return [k, p]; } }
const stats = {}; const sent = {}; const inflight = new Map();
const t0 = Date.now();
const r = await autocannon({ url: base, connections: C, amount: N, timeout: Number(process.env.TO ?? 10), headers: { 'accept-encoding': 'br, gzip' },
  requests: [{ setupRequest: (req, ctx) => { const [k, p] = gen(); ctx.k = k; sent[k] = (sent[k] ?? 0) + 1; return { ...req, path: p }; }, onResponse: (status, body, ctx) => { const key = `${ctx.k} ${status}`; stats[key] = (stats[key] ?? 0) + 1; } }] });
console.log(JSON.stringify(stats, null, 0)); console.log('sent', JSON.stringify(sent)); console.log({ total: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, timeouts: r.timeouts, s: (Date.now() - t0) / 1000 });
