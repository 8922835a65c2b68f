import { shrinkOverlaps, type Circle } from './circle-packing.js';

/** Settings of `optimisePacking`: the work it does is fixed by them, never by a clock. */
export interface PackingOptimiserSettings {
  /** Adam steps per penalty stage. */
  readonly iterations: number;
  /** Penalty stages; each multiplies the penalty weight by 10 and the step size by 0.3. */
  readonly stages: number;
  /** Adam's step size in the first stage. */
  readonly learningRate: number;
}

/**
 * Local numerical optimisation of a packing, the paradigm the peers' runs switch to (OpenEvolve's breakthrough used
 * scipy's SLSQP): maximise the sum of radii with the border and overlap constraints as quadratic penalties, by Adam
 * over (x, y, r) of every circle, in stages of growing penalty weight, then shrink what still overlaps so the result
 * is valid. Hand-written because it must be deterministic and bounded by a step count (no wall-clock stop), and
 * it is 40 lines; an SLSQP port would be larger than the benchmark it serves.
 */
export function optimisePacking(start: readonly Circle[], settings: PackingOptimiserSettings): Circle[] {
  const n = start.length;
  const values = new Float64Array(3 * n);
  start.forEach((circle, index) => {
    values[3 * index] = circle.x;
    values[3 * index + 1] = circle.y;
    values[3 * index + 2] = Math.max(0.01, circle.r);
  });
  const gradient = new Float64Array(3 * n);
  const firstMoment = new Float64Array(3 * n);
  const secondMoment = new Float64Array(3 * n);
  let weight = 10;
  let step = 0;
  for (let stage = 0; stage < settings.stages; stage++, weight *= 10) {
    const rate = settings.learningRate * 0.3 ** stage;
    firstMoment.fill(0);
    for (let iteration = 0; iteration < settings.iterations; iteration++) {
      penaltyGradient(values, weight, gradient);
      step += 1;
      const correction1 = 1 - 0.9 ** step;
      const correction2 = 1 - 0.999 ** step;
      for (let p = 0; p < values.length; p++) {
        firstMoment[p] = 0.9 * firstMoment[p]! + 0.1 * gradient[p]!;
        secondMoment[p] = 0.999 * secondMoment[p]! + 0.001 * gradient[p]! ** 2;
        values[p]! -= (rate * (firstMoment[p]! / correction1)) / (Math.sqrt(secondMoment[p]! / correction2) + 1e-8);
      }
    }
  }
  const circles: Circle[] = [];
  for (let index = 0; index < n; index++) {
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    circles.push({ x: clamp(values[3 * index]!), y: clamp(values[3 * index + 1]!), r: Math.max(0, values[3 * index + 2]!) });
  }
  return shrinkOverlaps(circles);
}

/** The gradient of −Σr + weight · Σ(violation²) at `values` (x, y, r per circle), written into `gradient`. */
function penaltyGradient(values: Float64Array, weight: number, gradient: Float64Array): void {
  gradient.fill(0);
  const n = values.length / 3;
  for (let i = 0; i < n; i++) {
    const x = values[3 * i]!;
    const y = values[3 * i + 1]!;
    const r = values[3 * i + 2]!;
    gradient[3 * i + 2]! -= 1;
    const border = (violation: number, dx: number, dy: number) => {
      if (violation <= 0) return;
      const scale = 2 * weight * violation;
      gradient[3 * i]! += scale * dx;
      gradient[3 * i + 1]! += scale * dy;
      gradient[3 * i + 2]! += scale;
    };
    border(r - x, -1, 0);
    border(x + r - 1, 1, 0);
    border(r - y, 0, -1);
    border(y + r - 1, 0, 1);
    if (r < 0) gradient[3 * i + 2]! += 2 * weight * r;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = values[3 * i]! - values[3 * j]!;
      const dy = values[3 * i + 1]! - values[3 * j + 1]!;
      const distance = Math.sqrt(dx * dx + dy * dy) + 1e-12;
      const violation = values[3 * i + 2]! + values[3 * j + 2]! - distance;
      if (violation <= 0) continue;
      const scale = 2 * weight * violation;
      gradient[3 * i + 2]! += scale;
      gradient[3 * j + 2]! += scale;
      gradient[3 * i]! -= (scale * dx) / distance;
      gradient[3 * i + 1]! -= (scale * dy) / distance;
      gradient[3 * j]! += (scale * dx) / distance;
      gradient[3 * j + 1]! += (scale * dy) / distance;
    }
  }
}
