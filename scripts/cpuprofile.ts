/**
 * A summary of a V8 CPU profile (`node --cpu-prof` writes `*.cpuprofile` JSON): where the time goes, as Markdown.
 * Used by `npm run bench -- --profile`; also runs alone: `npx tsx scripts/cpuprofile.ts FILE.cpuprofile`.
 *
 * Self time (the function on top of the stack when a sample was taken) is grouped by where the code lives: an npm
 * package (`react-dom`, `@remix-run/server-runtime`), the product's server bundle (`build/index.js`: the routes,
 * components and models, with remix-i18next and remix-utils bundled in), a source file of the repository (server.ts,
 * server/http.ts), Node's own modules (`node:zlib`, `node:stream`…), or V8's pseudo-frames ("(garbage collector)",
 * "(program)": the engine and native code outside JavaScript, "(idle)": waiting). "On stack" is the share of
 * samples in which the group appears anywhere in the stack (inclusive time; the rows add up to more than 100%).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The parts of the `.cpuprofile` format used here (Chrome DevTools protocol, Profiler.Profile). */
export type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  /** Microseconds on the monotonic clock (the same clock as `process.hrtime`, in µs). */
  startTime: number;
  endTime: number;
  /** The node id on top of the stack at each sample. */
  samples: number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  timeDeltas: number[];
};

type Node = CpuProfile["nodes"][number];

/**
 * The group of a call frame's code: an npm package name (the last `node_modules/` of its path), "app bundle
 * (build/index.js)", a path relative to `root`, `node:<module>` for Node's own code, or the V8 pseudo-frame's name.
 */
export function groupOf(frame: Node["callFrame"], root: string): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith("(") ? frame.functionName : "(V8 built-ins)";
  if (url.startsWith("node:")) {
    const parts = url.slice("node:".length).split("/");
    return `node:${parts[0] === "internal" ? (parts[1] ?? "internal") : parts[0]}`.replace(/\.js$/, "");
  }
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const at = file.lastIndexOf("/node_modules/");
  if (at >= 0) {
    const rest = file.slice(at + "/node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const relative = path.relative(root, file);
  if (relative === path.join("build", "index.js")) return "app bundle (build/index.js)";
  return relative.startsWith("..") ? file : relative;
}

/**
 * The Markdown summary of a profile: total sampled time, a table of self and on-stack time by group, and the `top`
 * functions by self time. Only samples taken between `from` and `to` (µs, the profile's clock) count when given.
 */
export function summariseProfile(
  profile: CpuProfile,
  options: { root: string; from?: number; to?: number; top?: number },
): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // The groups on each node's stack (for inclusive time), computed once per node.
  const stackGroups = new Map<number, Set<string>>();
  const groupsOn = (id: number): Set<string> => {
    let groups = stackGroups.get(id);
    if (groups) return groups;
    const up = parent.get(id);
    groups = new Set(up === undefined ? [] : groupsOn(up));
    groups.add(groupOf(byId.get(id)!.callFrame, options.root));
    stackGroups.set(id, groups);
    return groups;
  };

  const self = new Map<string, number>();
  const onStack = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let busy = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    if ((options.from !== undefined && time < options.from) || (options.to !== undefined && time > options.to)) continue;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(profile.samples[i])!;
    const group = groupOf(node.callFrame, options.root);
    total += weight;
    if (group !== "(idle)") busy += weight;
    self.set(group, (self.get(group) ?? 0) + weight);
    for (const g of groupsOn(node.id)) onStack.set(g, (onStack.get(g) ?? 0) + weight);
    const { functionName, lineNumber } = node.callFrame;
    const key = node.callFrame.url ? `${functionName || "(anonymous)"} — ${group}:${lineNumber + 1}` : functionName || group;
    functions.set(key, (functions.get(key) ?? 0) + weight);
  }
  if (total === 0) return "(no samples in the profile's time window)";

  const ms = (us: number) => (us / 1000).toFixed(0);
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  const lines = [
    `Sampled ${ms(total)} ms, of which ${ms(busy)} ms busy (not idle). Percentages are of the busy time.`,
    "",
    "| code | self ms | self % | on stack % |",
    "|---|---|---|---|",
  ];
  for (const [group, us] of [...self].sort((a, b) => b[1] - a[1])) {
    if (group === "(idle)" || us < busy / 1000) continue;
    lines.push(`| ${group} | ${ms(us)} | ${pct(us)} | ${group.startsWith("(") ? "" : pct(onStack.get(group) ?? 0)} |`);
  }
  lines.push(
    "",
    `Top ${options.top ?? 25} functions by self time:`,
    "",
    "| function — code:line | self ms | self % |",
    "|---|---|---|",
  );
  for (const [key, us] of [...functions]
    .filter(([k]) => !k.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, options.top ?? 25)) {
    lines.push(`| ${key.replace(/\|/g, "\\|")} | ${ms(us)} | ${pct(us)} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npx tsx scripts/cpuprofile.ts FILE.cpuprofile");
    process.exit(2);
  }
  console.log(summariseProfile(JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile, { root: process.cwd() }));
}
