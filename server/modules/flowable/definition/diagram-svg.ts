/**
 * `readImage`: an SVG drawn from the model's BPMN diagram interchange (BPMNShape bounds,
 * BPMNEdge waypoints), one element carrying `data-element-id` per shape and one polyline per edge:
 * - events as circles (end events bold; intermediate catch / throw and boundary events doubled,
 *   a non-interrupting boundary or event sub-process start dashed), with their event definition
 *   drawn inside (timer clock, message envelope, signal triangle, error bolt, terminate disc) and
 *   named in `data-event`;
 * - gateways as diamonds (× exclusive, + parallel, ○ inclusive);
 * - tasks as rounded rects (a service task with a gear, a call activity with a thick border);
 * - expanded sub-processes as rounded frames drawn behind their content (an event sub-process
 *   dashed), collapsed ones (`isExpanded="false"`) as a task with the ⊞ marker;
 * - lanes / pools as plain rects; boundary events last, over the border of their host;
 * - flows as polylines with an arrow, each with its name.
 * Reads the XML text only (any namespace prefix); a model without DI answers a small SVG saying so.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&#10;/g, ' ').replace(/&amp;/g, '&');

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return m ? unesc(m[2] ?? m[3] ?? '') : undefined;
}

interface Bounds { x: number; y: number; w: number; h: number }
interface ElementInfo {
  type: string; name: string;
  /** The event definition inside an event (`timer`, `message`, `signal`, `error`, `terminate`, …). */
  event?: string;
  triggeredByEvent?: boolean; cancelActivity?: boolean; isInterrupting?: boolean;
}

/** Flow elements by id, with the event definition each event holds (a tag walk with a stack of open elements). */
function readElements(xml: string): Map<string, ElementInfo> {
  const elements = new Map<string, ElementInfo>();
  const open: Array<{ tag: string; id?: string }> = [];
  for (const m of xml.matchAll(/<(\/?)(?:[\w-]+:)?([\w-]+)\b([^>]*?)(\/?)>/g)) {
    const [, closing, tag, attrs, selfClosing] = m;
    if (closing) {
      const at = open.map((o) => o.tag).lastIndexOf(tag);
      if (at >= 0) open.length = at;
      continue;
    }
    const id = attr(attrs, 'id');
    if (/EventDefinition$/.test(tag)) {
      const host = [...open].reverse().find((o) => o.id && /Event$/.test(elements.get(o.id)?.type ?? ''));
      const info = host?.id ? elements.get(host.id) : undefined;
      if (info && !info.event) info.event = tag.replace(/EventDefinition$/, '');
    } else if (id && !elements.has(id)) {
      elements.set(id, {
        type: tag, name: attr(attrs, 'name') ?? '',
        triggeredByEvent: attr(attrs, 'triggeredByEvent') === 'true',
        cancelActivity: attr(attrs, 'cancelActivity') !== 'false',
        isInterrupting: attr(attrs, 'isInterrupting') !== 'false',
      });
    }
    if (!selfClosing && !/^(\?|!)/.test(tag)) open.push({ tag, id });
  }
  return elements;
}

/** The symbol of an event definition centred at (cx, cy) in a circle of radius r (no data-element-id). */
function eventSymbol(kind: string | undefined, cx: number, cy: number, r: number, filled: boolean): string {
  const s = r * 0.5;
  const fill = filled ? '#333' : 'none';
  switch (kind) {
    case 'timer':
      return `<circle cx="${cx}" cy="${cy}" r="${s}" fill="#fff" stroke="#333"/><path d="M${cx},${cy} L${cx},${cy - s * 0.8} M${cx},${cy} L${cx + s * 0.6},${cy}" stroke="#333" fill="none"/>`;
    case 'message':
      return `<rect x="${cx - s}" y="${cy - s * 0.65}" width="${2 * s}" height="${1.3 * s}" fill="${filled ? '#333' : '#fff'}" stroke="#333"/><path d="M${cx - s},${cy - s * 0.65} L${cx},${cy} L${cx + s},${cy - s * 0.65}" stroke="${filled ? '#fff' : '#333'}" fill="none"/>`;
    case 'signal':
      return `<path d="M${cx},${cy - s} L${cx + s},${cy + s * 0.7} L${cx - s},${cy + s * 0.7} Z" fill="${fill}" stroke="#333"/>`;
    case 'error':
      return `<path d="M${cx - s * 0.8},${cy + s} L${cx - s * 0.3},${cy - s * 0.8} L${cx + s * 0.2},${cy + s * 0.2} L${cx + s * 0.8},${cy - s} L${cx + s * 0.3},${cy + s * 0.8} L${cx - s * 0.2},${cy - s * 0.2} Z" fill="${fill}" stroke="#333"/>`;
    case 'terminate':
      return `<circle cx="${cx}" cy="${cy}" r="${r * 0.6}" fill="#333"/>`;
    default:
      return '';
  }
}

const CONTAINER = /^(subProcess|transaction|adHocSubProcess)$/;

export function diagramSvg(xml: string): string {
  const elements = readElements(xml);
  const shapes: Array<{ el: string; b: Bounds; expanded?: boolean }> = [];
  for (const m of xml.matchAll(/<(?:[\w-]+:)?BPMNShape\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNShape>/g)) {
    const b = /<(?:[\w-]+:)?Bounds\b([^>]*)\/?>/.exec(m[2]);
    const el = attr(m[1], 'bpmnElement');
    if (!b || !el) continue;
    const expanded = attr(m[1], 'isExpanded');
    shapes.push({ el, b: { x: Number(attr(b[1], 'x')), y: Number(attr(b[1], 'y')), w: Number(attr(b[1], 'width')), h: Number(attr(b[1], 'height')) }, expanded: expanded === undefined ? undefined : expanded === 'true' });
  }
  const edges: Array<{ el: string; pts: Array<[number, number]> }> = [];
  for (const m of xml.matchAll(/<(?:[\w-]+:)?BPMNEdge\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNEdge>/g)) {
    const pts = [...m[2].matchAll(/<(?:[\w-]+:)?waypoint\b([^>]*)\/?>/g)].map((w) => [Number(attr(w[1], 'x')), Number(attr(w[1], 'y'))] as [number, number]);
    const el = attr(m[1], 'bpmnElement');
    if (el && pts.length >= 2) edges.push({ el, pts });
  }
  const all = [...shapes.map((s) => [s.b.x, s.b.y, s.b.x + s.b.w, s.b.y + s.b.h]), ...edges.flatMap((e) => e.pts.map(([x, y]) => [x, y, x, y]))]
    .filter((r) => r.every(Number.isFinite));
  if (all.length === 0) {
    return '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40"><text x="10" y="25" font-size="14">流程图没有图形信息</text></svg>';
  }
  const minX = Math.min(...all.map((r) => r[0])) - 20, minY = Math.min(...all.map((r) => r[1])) - 20;
  const maxX = Math.max(...all.map((r) => r[2])) + 20, maxY = Math.max(...all.map((r) => r[3])) + 20;
  const out: string[] = [];
  const label = (text: string, x: number, y: number) =>
    (text ? `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="middle" font-size="12" font-family="sans-serif">${esc(text)}</text>` : '');
  const kind = (el: string) => elements.get(el)?.type ?? '';
  // An expanded container is drawn behind its content: pools / lanes, then sub-process frames (larger first), then the rest, boundary events last.
  const isFrame = (s: (typeof shapes)[number]) => CONTAINER.test(kind(s.el)) && s.expanded !== false;
  const layer = (s: (typeof shapes)[number]) => {
    const type = kind(s.el);
    if (type === 'participant' || type === 'lane') return 0;
    if (isFrame(s)) return 1;
    return type === 'boundaryEvent' ? 3 : 2;
  };
  const ordered = [...shapes].sort((a, b) => layer(a) - layer(b) || (layer(a) === 1 ? b.b.w * b.b.h - a.b.w * a.b.h : 0));
  for (const s of ordered) {
    const { el, b } = s;
    const info = elements.get(el);
    const type = info?.type ?? '';
    const name = info?.name ?? '';
    const cx = b.x + b.w / 2, cy = b.y + b.h / 2;
    const id = esc(el);
    if (/Event$/.test(type)) {
      const r = Math.min(b.w, b.h) / 2;
      const inEventSub = type === 'startEvent' && !info?.isInterrupting;
      const dashed = (type === 'boundaryEvent' && info?.cancelActivity === false) || inEventSub ? ' stroke-dasharray="4 2"' : '';
      const sw = type === 'endEvent' ? 3 : 1.5;
      const ev = info?.event ? ` data-event="${esc(info.event)}"` : '';
      out.push(`<circle data-element-id="${id}" class="${type}"${ev} cx="${cx}" cy="${cy}" r="${r}" fill="#fff" stroke="#333" stroke-width="${sw}"${dashed}/>`);
      if (/^(intermediateCatchEvent|intermediateThrowEvent|boundaryEvent)$/.test(type)) {
        out.push(`<circle cx="${cx}" cy="${cy}" r="${Math.max(r - 3, 1)}" fill="none" stroke="#333" stroke-width="1"${dashed}/>`);
      }
      out.push(eventSymbol(info?.event, cx, cy, r, type === 'endEvent' || type === 'intermediateThrowEvent'));
      out.push(label(name, cx, b.y + b.h + 12));
    } else if (/Gateway$/.test(type)) {
      out.push(`<polygon data-element-id="${id}" class="${type}" points="${cx},${b.y} ${b.x + b.w},${cy} ${cx},${b.y + b.h} ${b.x},${cy}" fill="#fff" stroke="#333" stroke-width="1.5"/>`);
      const mark = type === 'parallelGateway' ? '+' : type === 'exclusiveGateway' ? '×' : type === 'inclusiveGateway' ? '○' : '';
      if (mark) out.push(`<text x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="central" font-size="20">${mark}</text>`);
      out.push(label(name, cx, b.y + b.h + 12));
    } else if (type === 'participant' || type === 'lane') {
      out.push(`<rect data-element-id="${id}" class="${type}" x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="none" stroke="#999"/>`);
      if (name) out.push(`<text x="${b.x + 15}" y="${cy}" transform="rotate(-90 ${b.x + 15} ${cy})" text-anchor="middle" font-size="12">${esc(name)}</text>`);
    } else if (isFrame(s)) {
      const dashed = info?.triggeredByEvent ? ' stroke-dasharray="6 3"' : '';
      const cls = info?.triggeredByEvent ? `${type} eventSubProcess` : type;
      out.push(`<rect data-element-id="${id}" class="${cls}" x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="10" ry="10" fill="none" stroke="#333" stroke-width="1.5"${dashed}/>`);
      if (name) out.push(`<text x="${b.x + 8}" y="${b.y + 14}" font-size="12" font-family="sans-serif">${esc(name)}</text>`);
    } else {
      const sw = type === 'callActivity' ? 3 : 1.5;
      const cls = CONTAINER.test(type) ? `${type} collapsed` : type || 'task';
      out.push(`<rect data-element-id="${id}" class="${cls}" x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="10" ry="10" fill="#fff" stroke="#333" stroke-width="${sw}"/>`);
      if (type === 'serviceTask') out.push(`<text x="${b.x + 10}" y="${b.y + 12}" text-anchor="middle" dominant-baseline="central" font-size="13">⚙</text>`);
      if (CONTAINER.test(type) || type === 'callActivity') {
        const mx = cx - 6, my = b.y + b.h - 16;
        out.push(`<rect x="${mx}" y="${my}" width="12" height="12" fill="none" stroke="#333"/><path d="M${mx + 3},${my + 6} L${mx + 9},${my + 6} M${mx + 6},${my + 3} L${mx + 6},${my + 9}" stroke="#333"/>`);
      }
      out.push(label(name, cx, cy));
    }
  }
  for (const { el, pts } of edges) {
    out.push(`<polyline data-element-id="${esc(el)}" class="sequenceFlow" points="${pts.map(([x, y]) => `${x},${y}`).join(' ')}" fill="none" stroke="#333" stroke-width="1.5" marker-end="url(#arrow)"/>`);
    const name = elements.get(el)?.name;
    if (name) {
      const [x1, y1] = pts[0], [x2, y2] = pts[1];
      out.push(label(name, (x1 + x2) / 2, (y1 + y2) / 2 - 8));
    }
  }
  const w = maxX - minX, h = maxY - minY;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${minX} ${minY} ${w} ${h}">`
    + '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>'
    + `<rect x="${minX}" y="${minY}" width="${w}" height="${h}" fill="#fff"/>${out.join('')}</svg>`;
}
