/** A point in the unit square. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A wall: the segment between two points. */
export interface Wall {
  readonly from: Point;
  readonly to: Point;
}

/** A maze: walls inside the unit square (its border is a wall too), a start and a goal. */
export interface Maze {
  readonly walls: readonly Wall[];
  readonly start: Point;
  readonly goal: Point;
  /** Distance to the goal within which a robot has solved the maze. */
  readonly goalRadius: number;
}

/**
 * A deceptive maze after Lehman & Stanley ("Abandoning Objectives", Evolutionary Computation 19(2), 2011): the goal
 * sits above a long wall, straight up from the start, and the only way round is a gap at the far right. Following
 * the objective (distance to the goal) leads into the cul-de-sac under the wall at about 0.3 from the goal; the
 * way out first moves away from the goal (to about 0.85 at the gap). Objective-only search is known to stall
 * there; novelty search, which rewards reaching new places, is known to get round.
 */
export const deceptiveMaze: Maze = {
  walls: [
    { from: { x: 0, y: 0.6 }, to: { x: 0.7, y: 0.6 } },
    // A lip under the wall's left half deepens the trap: the dead end is a pocket, not a corridor.
    { from: { x: 0.35, y: 0.6 }, to: { x: 0.35, y: 0.45 } },
  ],
  start: { x: 0.15, y: 0.1 },
  goal: { x: 0.15, y: 0.85 },
  goalRadius: 0.05,
};

/** The robot's path: every position it reached, start first, and where it stopped. */
export interface MazeTrajectory {
  readonly positions: readonly Point[];
  readonly end: Point;
}

/**
 * Moves a point robot from the start by each step in turn. A step that would cross a wall or leave the unit square
 * is not taken (the robot stays where it is for that step), so a path can be blocked but never tunnels.
 */
export function simulateMaze(maze: Maze, steps: readonly Point[]): MazeTrajectory {
  let position = maze.start;
  const positions: Point[] = [position];
  for (const step of steps) {
    const next = { x: position.x + step.x, y: position.y + step.y };
    const inside = next.x >= 0 && next.x <= 1 && next.y >= 0 && next.y <= 1;
    if (inside && !maze.walls.some((wall) => segmentsCross(position, next, wall.from, wall.to))) position = next;
    positions.push(position);
  }
  return { positions, end: position };
}

/** Euclidean distance between two points. */
export function distance(first: Point, second: Point): number {
  return Math.hypot(first.x - second.x, first.y - second.y);
}

/** True when segment p1-p2 and segment q1-q2 touch or cross (collinear overlaps included). */
export function segmentsCross(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = orientation(q1, q2, p1);
  const d2 = orientation(q1, q2, p2);
  const d3 = orientation(p1, p2, q1);
  const d4 = orientation(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(q1, q2, p1)) ||
    (d2 === 0 && onSegment(q1, q2, p2)) ||
    (d3 === 0 && onSegment(p1, p2, q1)) ||
    (d4 === 0 && onSegment(p1, p2, q2))
  );
}

function orientation(a: Point, b: Point, c: Point): number {
  const value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return Math.abs(value) < 1e-12 ? 0 : value;
}

function onSegment(a: Point, b: Point, c: Point): boolean {
  return (
    Math.min(a.x, b.x) - 1e-12 <= c.x &&
    c.x <= Math.max(a.x, b.x) + 1e-12 &&
    Math.min(a.y, b.y) - 1e-12 <= c.y &&
    c.y <= Math.max(a.y, b.y) + 1e-12
  );
}
