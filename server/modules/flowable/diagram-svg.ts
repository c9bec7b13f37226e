/**
 * `readImage`: an SVG drawn from the model's BPMN diagram interchange (BPMNShape bounds,
 * BPMNEdge waypoints): events as circles (end events bold), gateways as diamonds (× exclusive,
 * + parallel), tasks as rounded rects, lanes/pools as plain rects, flows as polylines with an
 * arrow, each with its name. Reads the XML text only (any namespace prefix); a model without DI
 * answers a small SVG saying so.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&#10;/g, ' ').replace(/&amp;/g, '&');

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return m ? unesc(m[2] ?? m[3] ?? '') : undefined;
}

interface Bounds { x: number; y: number; w: number; h: number }

export function diagramSvg(xml: string): string {
  // element id → {type, name}
  const elements = new Map<string, { type: string; name: string }>();
  for (const m of xml.matchAll(/<(?:[\w-]+:)?(\w+)\b([^>]*?)\/?>/g)) {
    const id = attr(m[2], 'id');
    if (id && !elements.has(id)) elements.set(id, { type: m[1], name: attr(m[2], 'name') ?? '' });
  }
  const shapes: Array<{ el: string; b: Bounds }> = [];
  for (const m of xml.matchAll(/<(?:[\w-]+:)?BPMNShape\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNShape>/g)) {
    const b = /<(?:[\w-]+:)?Bounds\b([^>]*)\/?>/.exec(m[2]);
    const el = attr(m[1], 'bpmnElement');
    if (!b || !el) continue;
    shapes.push({ el, b: { x: Number(attr(b[1], 'x')), y: Number(attr(b[1], 'y')), w: Number(attr(b[1], 'width')), h: Number(attr(b[1], 'height')) } });
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
  // lanes and pools first (behind)
  const kind = (el: string) => elements.get(el)?.type ?? '';
  const ordered = [...shapes].sort((a, b) => Number(!/^(participant|lane)$/.test(kind(a.el))) - Number(!/^(participant|lane)$/.test(kind(b.el))));
  for (const { el, b } of ordered) {
    const type = kind(el);
    const name = elements.get(el)?.name ?? '';
    const cx = b.x + b.w / 2, cy = b.y + b.h / 2;
    if (/Event$/.test(type)) {
      const sw = type === 'endEvent' ? 3 : 1.5;
      out.push(`<circle data-element-id="${esc(el)}" class="${type}" cx="${cx}" cy="${cy}" r="${Math.min(b.w, b.h) / 2}" fill="#fff" stroke="#333" stroke-width="${sw}"/>`);
      out.push(label(name, cx, b.y + b.h + 12));
    } else if (/Gateway$/.test(type)) {
      out.push(`<polygon data-element-id="${esc(el)}" class="${type}" points="${cx},${b.y} ${b.x + b.w},${cy} ${cx},${b.y + b.h} ${b.x},${cy}" fill="#fff" stroke="#333" stroke-width="1.5"/>`);
      const mark = type === 'parallelGateway' ? '+' : type === 'exclusiveGateway' ? '×' : type === 'inclusiveGateway' ? '○' : '';
      if (mark) out.push(`<text x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="central" font-size="20">${mark}</text>`);
      out.push(label(name, cx, b.y + b.h + 12));
    } else if (type === 'participant' || type === 'lane') {
      out.push(`<rect data-element-id="${esc(el)}" class="${type}" x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="none" stroke="#999"/>`);
      if (name) out.push(`<text x="${b.x + 15}" y="${cy}" transform="rotate(-90 ${b.x + 15} ${cy})" text-anchor="middle" font-size="12">${esc(name)}</text>`);
    } else {
      out.push(`<rect data-element-id="${esc(el)}" class="${type || 'task'}" x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="10" ry="10" fill="#fff" stroke="#333" stroke-width="1.5"/>`);
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
