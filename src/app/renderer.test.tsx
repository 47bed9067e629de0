/**
 * The canary: the unit tests render with the renderer that ships, Preact through `preact/compat`
 * (docs/decisions/0027-preact-renderer.md), with its frame timing where a file asks for it
 * (src/lib/test-frames.ts; decision 0031). If a change of configuration ever let React itself
 * render a test, every other test could pass on a renderer no customer gets: these fail first.
 */
import { render, screen } from '@testing-library/react';
import { options, type VNode } from 'preact';
import * as preactCompat from 'preact/compat';
import * as preactCompatClient from 'preact/compat/client';
import * as preactJsxRuntime from 'preact/jsx-runtime';
import { createElement, useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as reactJsxRuntime from 'react/jsx-runtime';
import { afterEach, expect, test } from 'vitest';
import { frameLikeEffects } from '../lib/test-frames';

const frames = frameLikeEffects();

// eslint-disable-next-line @typescript-eslint/unbound-method -- Preact calls it unbound too.
const previousVnodeHook = options.vnode;
afterEach(() => {
  options.vnode = previousVnodeHook;
});

test("React's modules are Preact's in the tests, as in the build's aliases", () => {
  expect(createElement).toBe(preactCompat.createElement);
  expect(useEffect).toBe(preactCompat.useEffect);
  expect(createPortal).toBe(preactCompat.createPortal);
  expect(reactDomClient.createRoot).toBe(preactCompatClient.createRoot);
  expect(reactJsxRuntime.jsx).toBe(preactJsxRuntime.jsx);
});

test('Testing Library renders through Preact', () => {
  const rendered: unknown[] = [];
  options.vnode = (vnode: VNode) => {
    rendered.push(vnode.type);
    previousVnodeHook?.(vnode);
  };
  function Greeting() {
    return <p>Hello from the renderer</p>;
  }
  render(<Greeting />);
  expect(screen.getByText('Hello from the renderer')).toBeInTheDocument();
  expect(rendered).toContain(Greeting);
  expect(rendered).toContain('p');
});

test('on frame timing, a passive effect waits for the next frame and a layout effect does not', () => {
  const ran: string[] = [];
  function Effects() {
    const [shown] = useState('shown');
    useLayoutEffect(() => {
      ran.push('layout');
    }, []);
    useEffect(() => {
      ran.push('passive');
    }, []);
    return <p>{shown}</p>;
  }
  frames.hold();
  frames.render(<Effects />);
  expect(screen.getByText('shown')).toBeInTheDocument();
  expect(ran).toEqual(['layout']);
  expect(frames.waiting()).toBeGreaterThan(0);
  frames.release();
  expect(ran).toEqual(['layout', 'passive']);
});
