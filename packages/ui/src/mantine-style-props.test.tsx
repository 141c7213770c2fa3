// patches/@mantine__core@9.7.3.patch gives Mantine's `extractStyleProps` a loop in place of a rest
// element with sixty excluded names (docs/decisions.md, "Mantine's style props split by a loop").
// These tests hold it to what Mantine 9.7.3 answered, key order included: the order of a Box's
// inline style, and so the server's HTML, follows it.
import { Box, extractStyleProps, MantineProvider, STYLE_PROPS_DATA, Text } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/** Mantine 9.7.3's style props, in the order its `extractStyleProps` lists them in `styleProps` (copied from its source). */
const STYLE_PROPS = 'm mx my mt mb ml mr me ms mis mie p px py pt pb pl pr pis pie pe ps bd bg c opacity ff fz fw lts ta lh fs tt td w miw maw h mih mah bgsz bgp bgr bga pos top left bottom right inset display flex bdrs hiddenFrom visibleFrom lightHidden darkHidden sx'.split(' ');

/** What Mantine 9.7.3 answered: the rest element's copy (symbols included), the style props that are not undefined. */
function asMantineDid(others: Record<PropertyKey, unknown>) {
  const rest: Record<PropertyKey, unknown> = { ...others };
  const styleProps: Record<string, unknown> = {};
  for (const name of STYLE_PROPS) {
    if (others[name] !== undefined) styleProps[name] = others[name];
    delete rest[name];
  }
  return { styleProps, rest };
}

/** Keys and values in order, symbols last (as an object's own keys come). */
const ordered = (value: object) => Reflect.ownKeys(value).map((key) => [key, (value as Record<PropertyKey, unknown>)[key]]);

/** A small deterministic generator, so that a failure names the same case each run. */
function* propSets(count: number) {
  // Park and Miller's generator: exact in a double (48 271 × 2³¹ < 2⁵³), unlike a larger multiplier.
  let seed = 7;
  const next = (n: number) => Math.floor(((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647) * n);
  const others = ['children', 'id', 'onClick', 'data-active', 'aria-label', 'role', 'gap', 'href', '0', '12', 'style', 'className'];
  const values = [undefined, 0, '', 'md', 12, false, null, { base: 'xs', sm: 'md' }, () => {}];
  for (let i = 0; i < count; i++) {
    const props: Record<PropertyKey, unknown> = {};
    for (let k = next(9); k > 0; k--) {
      const pool = next(2) === 0 ? STYLE_PROPS : others;
      props[pool[next(pool.length)] as string] = values[next(values.length)];
    }
    if (next(10) === 0) props[Symbol.for(`flagship.test.${i}`)] = i;
    yield props;
  }
}

describe("Mantine's extractStyleProps (patched)", () => {
  it('splits props as Mantine 9.7.3 did, in the same key order', () => {
    const sets = [...propSets(2_000)];
    // The sets mix style props with others, number-like keys among them.
    expect(sets.filter((props) => '12' in props || '0' in props).length).toBeGreaterThan(200);
    expect(sets.filter((props) => Object.keys(props).some((key) => STYLE_PROPS.includes(key)) && Object.keys(props).some((key) => !STYLE_PROPS.includes(key))).length).toBeGreaterThan(500);
    for (const props of sets) {
      const { styleProps, rest } = extractStyleProps(props);
      const expected = asMantineDid(props);
      expect(ordered(styleProps), `styleProps of ${String(Object.keys(props))}`).toEqual(ordered(expected.styleProps));
      expect(ordered(rest), `rest of ${String(Object.keys(props))}`).toEqual(ordered(expected.rest));
    }
  });

  it("knows the style props Mantine knows: those of STYLE_PROPS_DATA and the five of visibility and sx", () => {
    const known = [...Object.keys(STYLE_PROPS_DATA), 'hiddenFrom', 'visibleFrom', 'lightHidden', 'darkHidden', 'sx'];
    expect([...STYLE_PROPS].sort()).toEqual(known.sort());
    const { styleProps, rest } = extractStyleProps(Object.fromEntries(known.map((name) => [name, 1])));
    expect(Object.keys(styleProps)).toEqual(STYLE_PROPS);
    expect(rest).toEqual({});
  });

  it('answers as Mantine did for objects that are not plain: inherited, hidden, read through a getter, a key named __proto__, no prototype', () => {
    const inherited = Object.assign(Object.create({ mt: 'md', id: 'inherited' }) as Record<string, unknown>, { c: 'red', title: 't' });
    const hidden = Object.defineProperty({ fw: 500, role: 'note' }, 'p', { value: 4, enumerable: false });
    let reads = 0;
    const getter = Object.defineProperty({ href: '/x' }, 'm', { get: () => (reads++, 'xs'), enumerable: true });
    const polluting = JSON.parse('{"__proto__": {"mt": "xl"}, "c": "blue", "id": "j"}') as Record<string, unknown>;
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { 12: 'n', ta: 'center', role: 'note', fz: undefined });
    for (const props of [inherited, hidden, getter, polluting, bare]) {
      reads = 0;
      const { styleProps, rest } = extractStyleProps(props);
      // Read once, as a destructuring reads it.
      if (props === getter) expect(reads).toBe(1);
      const expected = asMantineDid(props);
      expect(ordered(styleProps)).toEqual(ordered(expected.styleProps));
      expect(ordered(rest)).toEqual(ordered(expected.rest));
      expect(Object.getPrototypeOf(rest)).toBe(Object.prototype);
    }
  });

  it('leaves the props it was given as they were', () => {
    const props = { mt: 'md', children: 'x', c: undefined };
    extractStyleProps(props);
    expect(props).toEqual({ mt: 'md', children: 'x', c: undefined });
  });

  it("renders a Box's and a Text's style props into the same HTML", () => {
    const html = renderToString(
      <MantineProvider>
        <Box mt="md" c="dimmed" data-x="1" id="b" p={4} ta="center">
          <Text fw={500} fz="sm" mb={2} span>
            文
          </Text>
        </Box>
      </MantineProvider>,
    );
    expect(html).toContain(
      '<div style="margin-top:var(--mantine-spacing-md);padding:calc(0.25rem * var(--mantine-scale));color:var(--mantine-color-dimmed);text-align:center" class="" data-x="1" id="b">',
    );
    expect(html).toContain('style="margin-bottom:calc(0.125rem * var(--mantine-scale));font-size:var(--mantine-font-size-sm);font-weight:500"');
  });
});
