import { describe, expect, it } from 'vitest';
import { concurrencyLimit, QueueFull } from '../../server/lib/concurrency-limit';

/** A task the test finishes by hand. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => ((finish = resolve), (fail = reject)));
  return { done, finish, fail };
}

describe('concurrencyLimit', () => {
  it('runs at most its limit at once and the rest in arrival order, a failure freeing its slot too', async () => {
    const limit = concurrencyLimit(2);
    const tasks = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const results = tasks.map((task, i) => limit(async () => (started.push(i), await task.done, i)).catch((error: Error) => error.message));
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    await settle();
    expect(started).toEqual([0, 1]);
    tasks[1]!.fail(new Error('broken'));
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const task of tasks.slice(2)) task.finish();
    expect(await Promise.all(results)).toEqual([0, 'broken', 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets no newcomer overtake the queue when a slot is handed on', async () => {
    const limit = concurrencyLimit(1);
    const first = deferred();
    const order: string[] = [];
    const a = limit(async () => (order.push('a'), await first.done));
    const b = limit(async () => void order.push('b'));
    first.finish();
    await a;
    // Asked for while the slot passes from a to b: it waits behind b.
    const c = limit(async () => void order.push('c'));
    await Promise.all([b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
    expect(() => concurrencyLimit(1.5)).toThrow(RangeError);
  });

  it('refuses a task at once when maxQueue are already waiting, and takes tasks again once the queue has room', async () => {
    const limit = concurrencyLimit(1, { maxQueue: 2 });
    const tasks = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const results = tasks.map((task, i) => limit(async () => (started.push(i), await task.done, i)).catch((error: Error) => error));
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    // One running, two waiting: the fourth is refused without running.
    expect(await results[3]).toBeInstanceOf(QueueFull);
    tasks[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1]);
    const late = deferred();
    const fifth = limit(async () => (started.push(4), await late.done, 4));
    for (const task of tasks.slice(1, 3)) task.finish();
    late.finish();
    expect(await Promise.all([...results.slice(0, 3), fifth])).toEqual([0, 1, 2, 4]);
    expect(started).toEqual([0, 1, 2, 4]);
  });
});
