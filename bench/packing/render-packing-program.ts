import type { PackingLayout, PackingProgram } from './packing-program.js';

/**
 * Renders a packing program as the plan an agent states before coding it: the construction idea with its
 * rationale (distinct for each paradigm), its settings in words, how radii are set and the components on top.
 */
export function renderPackingPlan(program: PackingProgram): string {
  const sentences = [describeLayout(program.layout)];
  if (program.layout.paradigm !== 'optimiser') {
    sentences.push(
      program.radii === 'fitted'
        ? 'Give each circle the largest radius its neighbours and the walls allow, shrinking touching pairs in proportion.'
        : 'Give every circle the same radius, half the closest distance between centres (or to a wall).',
    );
  }
  if (program.radiusFactor !== 1)
    sentences.push(
      `Scale every radius by ${program.radiusFactor} to ${program.radiusFactor > 1 ? 'squeeze out more area' : 'leave a safety margin'}.`,
    );
  if (program.polish !== null) {
    sentences.push(
      `Then polish the layout numerically: ${program.polish.iterations} Adam steps per stage on the sum of radii with overlap and wall penalties that grow stage by stage.`,
    );
  }
  if (program.perturb !== null) {
    sentences.push(
      `Then hill-climb: ${program.perturb.moves} random moves of one centre by up to ${program.perturb.step}, refitting the radii and keeping a move only if the sum grows.`,
    );
  }
  sentences.push('Check that all 26 circles lie inside the unit square without overlaps and report the sum of radii (higher is better).');
  return sentences.join(' ');
}

function describeLayout(layout: PackingLayout): string {
  switch (layout.paradigm) {
    case 'rings':
      return `Pack 26 circles in concentric rings: one circle in the centre, ${layout.inner} on the first ring and the rest on ${layout.layers - 1} outer ring${layout.layers > 2 ? 's' : ''} ${layout.spacing} apart, every other ring twisted by ${layout.twist} of a slot, so the rings nest like a rosette.`;
    case 'grid':
      return `Place the 26 circles on a square grid of ${layout.rows} rows and ${layout.cols} columns${layout.stagger ? ', every other row shifted by half a cell' : ''}, filling any circles left over into the largest gaps: a regular tiling that uses the corners.`;
    case 'hexagonal':
      return `Arrange the circles in a hexagonal (triangular) lattice with rows of ${layout.rows.replaceAll(',', ', ')} circles spanning ${layout.span} of the square, the densest way to pack equal circles in the plane.`;
    case 'greedy':
      return `Place the circles greedily one at a time, starting at the ${layout.first}: each new circle goes where the largest circle still fits, searched over a ${layout.resolution} × ${layout.resolution} grid of candidate points.`;
    case 'optimiser':
      return `Treat the packing as a constrained optimisation problem: maximise the sum of radii over all centres and radii, with penalties for overlaps and for leaving the square. Start ${layout.restarts} time${layout.restarts > 1 ? 's' : ''} from ${layout.start === 'random' ? 'random centres' : `a jittered ${layout.start} layout`} (seed ${layout.seed}) and run Adam for ${layout.stages} stages of ${layout.iterations} steps from learning rate ${layout.learningRate}, raising the penalty weight tenfold each stage; keep the best valid packing.`;
  }
}

/**
 * Renders a packing program as the Python an agent would write for it (numpy, a `construct_packing()` returning
 * centres and radii, as the peers' circle-packing programs do). Embedders and judges read this text, so equal
 * programs render identically and different paradigms differ in structure, not only in numbers.
 */
export function renderPackingCode(program: PackingProgram): string {
  const lines = ['import numpy as np', '', ...layoutCode(program.layout), ''];
  if (program.layout.paradigm !== 'optimiser') lines.push(...radiiCode(program.radii), '');
  // The hill climb refits radii, so it needs the fitted radii even where the layout does not use them.
  if (program.perturb !== null && (program.layout.paradigm === 'optimiser' || program.radii === 'uniform'))
    lines.push(...radiiCode('fitted'), '');
  lines.push('def construct_packing():');
  lines.push(program.layout.paradigm === 'optimiser' ? '    centers, radii = optimise_from_restarts()' : '    centers = layout_centers()');
  if (program.layout.paradigm !== 'optimiser')
    lines.push(`    radii = ${program.radii === 'fitted' ? 'fit_radii(centers)' : 'uniform_radii(centers)'}`);
  if (program.radiusFactor !== 1) lines.push(`    radii = radii * ${program.radiusFactor}`);
  if (program.polish !== null)
    lines.push(`    centers, radii = penalty_adam(centers, radii, steps=${program.polish.iterations}, stages=4, lr=0.003)`);
  if (program.perturb !== null)
    lines.push(`    centers, radii = hill_climb(centers, radii, moves=${program.perturb.moves}, step=${program.perturb.step})`);
  lines.push('    return centers, radii', '');
  if (program.polish !== null || program.layout.paradigm === 'optimiser') lines.push(...adamCode, '');
  if (program.perturb !== null) lines.push(...hillClimbCode, '');
  lines.push('if __name__ == "__main__":', '    centers, radii = construct_packing()', '    print(f"sum of radii: {radii.sum():.6f}")');
  return `${lines.join('\n')}\n`;
}

function layoutCode(layout: PackingLayout): string[] {
  switch (layout.paradigm) {
    case 'rings':
      return [
        'def layout_centers():',
        '    centers = [(0.5, 0.5)]',
        `    counts = ring_counts(inner=${layout.inner}, layers=${layout.layers}, total=25)`,
        '    for layer, count in enumerate(counts):',
        `        offset = ${layout.twist} * 2 * np.pi / count if layer % 2 == 1 else 0.0`,
        '        for j in range(count):',
        '            angle = 2 * np.pi * j / count + offset',
        `            radius = (layer + 1) * ${layout.spacing}`,
        '            centers.append((0.5 + radius * np.cos(angle), 0.5 + radius * np.sin(angle)))',
        '    return np.clip(np.array(centers), 0.0, 1.0)',
      ];
    case 'grid':
      return [
        'def layout_centers():',
        `    rows, cols = ${layout.rows}, ${layout.cols}`,
        '    centers = []',
        '    for row in range(rows):',
        `        shifted = ${layout.stagger ? 'row % 2 == 1' : 'False'}`,
        '        for col in range(cols - 1 if shifted else cols):',
        '            if len(centers) < 26:',
        '                centers.append(((col + (1.0 if shifted else 0.5)) / cols, (row + 0.5) / rows))',
        '    while len(centers) < 26:',
        '        centers.append(largest_gap(centers, resolution=40))',
        '    return np.array(centers)',
      ];
    case 'hexagonal':
      return [
        'def layout_centers():',
        `    row_counts = [${layout.rows.replaceAll(',', ', ')}]`,
        '    rise = np.sqrt(3) / 2',
        `    spacing = ${layout.span} / max(max(row_counts), 1 + (len(row_counts) - 1) * rise)`,
        '    height = (len(row_counts) - 1) * rise * spacing',
        '    centers = []',
        '    for row, count in enumerate(row_counts):',
        '        y = 0.5 - height / 2 + row * rise * spacing',
        '        for j in range(count):',
        '            centers.append((0.5 - (count - 1) * spacing / 2 + j * spacing, y))',
        '    return np.clip(np.array(centers), 0.0, 1.0)',
      ];
    case 'greedy':
      return [
        'def layout_centers():',
        '    cap = 1 / (2 * np.ceil(np.sqrt(26)))',
        `    first = {"centre": (0.5, 0.5), "corner": (cap, cap), "edge": (0.5, cap)}["${layout.first}"]`,
        '    circles = [(first[0], first[1], cap)]',
        `    grid = (np.arange(${layout.resolution}) + 0.5) / ${layout.resolution}`,
        '    while len(circles) < 26:',
        '        best = max(((x, y, room(x, y, circles, cap)) for x in grid for y in grid), key=lambda c: c[2])',
        '        circles.append(best)',
        '    return np.array([(x, y) for x, y, _ in circles])',
      ];
    case 'optimiser':
      return [
        'def optimise_from_restarts():',
        '    best = None',
        `    for restart in range(${layout.restarts}):`,
        `        rng = np.random.default_rng(${layout.seed} * 1009 + restart)`,
        `        centers = start_${layout.start}(rng)`,
        '        radii = np.full(26, 0.05)',
        `        centers, radii = penalty_adam(centers, radii, steps=${layout.iterations}, stages=${layout.stages}, lr=${layout.learningRate})`,
        '        if best is None or radii.sum() > best[1].sum():',
        '            best = (centers, radii)',
        '    return best',
      ];
  }
}

function radiiCode(radii: PackingProgram['radii']): string[] {
  if (radii === 'uniform') {
    return [
      'def uniform_radii(centers):',
      '    walls = np.minimum(centers, 1 - centers).min()',
      '    gaps = np.linalg.norm(centers[:, None] - centers[None], axis=-1) + np.eye(len(centers)) * 9',
      '    return np.full(len(centers), min(walls, gaps.min() / 2))',
    ];
  }
  return [
    'def fit_radii(centers):',
    '    radii = np.minimum(centers, 1 - centers).min(axis=1)',
    '    for _ in range(200):',
    '        changed = False',
    '        for i in range(len(centers)):',
    '            for j in range(i + 1, len(centers)):',
    '                d = np.linalg.norm(centers[i] - centers[j])',
    '                if radii[i] + radii[j] > d:',
    '                    scale = d / (radii[i] + radii[j])',
    '                    radii[i] *= scale; radii[j] *= scale; changed = True',
    '        if not changed:',
    '            break',
    '    return radii',
  ];
}

const adamCode = [
  'def penalty_adam(centers, radii, steps, stages, lr):',
  '    params = np.concatenate([centers, radii[:, None]], axis=1)',
  '    m, v, t, weight = np.zeros_like(params), np.zeros_like(params), 0, 10.0',
  '    for stage in range(stages):',
  '        for _ in range(steps):',
  '            grad = penalty_gradient(params, weight)  # -sum(r) + weight * (overlap^2 + wall^2)',
  '            t += 1',
  '            m = 0.9 * m + 0.1 * grad',
  '            v = 0.999 * v + 0.001 * grad ** 2',
  '            params -= lr * 0.3 ** stage * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)',
  '        weight *= 10',
  '    return params[:, :2], shrink_overlaps(params[:, :2], params[:, 2])',
];

const hillClimbCode = [
  'def hill_climb(centers, radii, moves, step):',
  '    rng = np.random.default_rng(7)',
  '    best = radii.sum()',
  '    for _ in range(moves):',
  '        trial = centers.copy()',
  '        i = rng.integers(len(trial))',
  '        trial[i] = np.clip(trial[i] + rng.uniform(-step, step, 2), 0, 1)',
  '        trial_radii = fit_radii(trial)',
  '        if trial_radii.sum() > best:',
  '            centers, radii, best = trial, trial_radii, trial_radii.sum()',
  '    return centers, radii',
];
