/**
 * Uploads across nodes (issue 44 "Uploads are visible from every node"): every node has the same
 * UPLOAD_DIR (a shared folder: on several hosts a network file system, README operations), so a
 * file uploaded through one node downloads from the other, by both download routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, startCluster, type Cluster } from './rig';

let c: Cluster;
beforeAll(async () => { c = await startCluster({ nodes: 2, prefix: 'cluster_up' }); });
afterAll(async () => { await c?.stop(); });

/** POST /common/upload of `text` as `name` (multipart field `file`) through `base`. */
async function upload(base: string, token: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${base}${API}/common/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return (await res.json()) as { code: number; msg?: string; fileName: string; url: string };
}

const download = (url: string, token: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });

describe('uploads on a shared folder', () => {
  it('a file uploaded through node 0 downloads from node 1 (resource route and /profile), and the other way round', async () => {
    const [a, b] = [c.node(0).url, c.node(1).url];
    const tokenA = await c.login(a);
    const tokenB = await c.login(b);
    const up = await upload(a, tokenA, '节点甲.txt', 'uploaded through node 0');
    expect(up.code, up.msg).toBe(200);
    expect(up.fileName).toMatch(/^\/profile\/upload\/.+\.txt$/);

    const viaResource = await download(`${b}${API}/common/download/resource?resource=${encodeURIComponent(up.fileName)}`, tokenB);
    expect(viaResource.status).toBe(200);
    expect(await viaResource.text()).toBe('uploaded through node 0');
    const viaProfile = await download(`${b}${API}${up.fileName}`, tokenB);
    expect(viaProfile.status).toBe(200);
    expect(await viaProfile.text()).toBe('uploaded through node 0');

    const back = await upload(b, tokenB, 'b.txt', 'uploaded through node 1');
    expect(back.code, back.msg).toBe(200);
    const onA = await download(`${a}${API}${back.fileName}`, tokenA);
    expect(await onA.text()).toBe('uploaded through node 1');
  });
});
