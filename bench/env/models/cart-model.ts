import type { ModelConfigOf } from '../model-config.js';
import { majorityClass, rejectNaN, type Model, type ModelContext } from './model.js';

interface TreeNode {
  feature: number; // -1 for a leaf
  threshold: number;
  left: number;
  right: number;
  value: number;
}

/**
 * One CART tree, grown greedily: the split with the largest impurity decrease (Gini for classes, squared error
 * for regression) over every feature and every midpoint between distinct sorted values, until `maxDepth`, pure
 * nodes, or leaves that would hold fewer than `minSamplesLeaf` rows. Leaves predict the majority class or mean.
 */
export function createCartModel(config: ModelConfigOf<'cart'>, context: ModelContext): Model {
  const classification = context.kind === 'classification';
  const classCount = Math.max(1, context.classCount);
  const maxDepth = config.maxDepth ?? Number.POSITIVE_INFINITY;
  const minLeaf = config.minSamplesLeaf;
  let nodes: TreeNode[] = [];

  return {
    fit(features, target) {
      rejectNaN(features, classification ? 'DecisionTreeClassifier' : 'DecisionTreeRegressor');
      const { columns, data } = features;
      nodes = [];
      const leafValue = (rows: number[]) =>
        classification
          ? majorityClass(
              rows.map((row) => target[row]!),
              classCount,
            )
          : rows.reduce((sum, row) => sum + target[row]!, 0) / rows.length;

      const grow = (rows: number[], depth: number): number => {
        const id = nodes.length;
        nodes.push({ feature: -1, threshold: 0, left: -1, right: -1, value: leafValue(rows) });
        if (depth >= maxDepth || rows.length < 2 * minLeaf || rows.length < 2) return id;
        const best = bestSplit(rows);
        if (!best) return id;
        const left = rows.filter((row) => data[row * columns + best.feature]! <= best.threshold);
        const right = rows.filter((row) => data[row * columns + best.feature]! > best.threshold);
        const node = nodes[id]!;
        node.feature = best.feature;
        node.threshold = best.threshold;
        node.left = grow(left, depth + 1);
        node.right = grow(right, depth + 1);
        return id;
      };

      const bestSplit = (rows: number[]): { feature: number; threshold: number } | undefined => {
        const n = rows.length;
        let bestGain = 1e-12;
        let best: { feature: number; threshold: number } | undefined;
        const leftCounts = new Float64Array(classCount);
        const totalCounts = new Float64Array(classCount);
        let totalSum = 0;
        let totalSquares = 0;
        for (const row of rows) {
          if (classification) totalCounts[target[row]!]! += 1;
          else {
            totalSum += target[row]!;
            totalSquares += target[row]! ** 2;
          }
        }
        const parent = classification ? n * gini(totalCounts, n) : totalSquares - (totalSum * totalSum) / n;
        if (parent <= 1e-12) return undefined;
        for (let feature = 0; feature < columns; feature++) {
          const sorted = [...rows].sort((a, b) => data[a * columns + feature]! - data[b * columns + feature]!);
          leftCounts.fill(0);
          let leftSum = 0;
          let leftSquares = 0;
          for (let i = 0; i < n - 1; i++) {
            const y = target[sorted[i]!]!;
            if (classification) leftCounts[y]! += 1;
            else {
              leftSum += y;
              leftSquares += y * y;
            }
            const here = data[sorted[i]! * columns + feature]!;
            const next = data[sorted[i + 1]! * columns + feature]!;
            const leftSize = i + 1;
            if (here === next || leftSize < minLeaf || n - leftSize < minLeaf) continue;
            const rightSize = n - leftSize;
            const impurity = classification
              ? leftSize * gini(leftCounts, leftSize) + rightSize * giniComplement(totalCounts, leftCounts, rightSize)
              : leftSquares - (leftSum * leftSum) / leftSize + (totalSquares - leftSquares) - (totalSum - leftSum) ** 2 / rightSize;
            const gain = parent - impurity;
            if (gain > bestGain) {
              bestGain = gain;
              best = { feature, threshold: (here + next) / 2 };
            }
          }
        }
        return best;
      };

      grow(
        Array.from({ length: features.rows }, (_, row) => row),
        0,
      );
    },
    predict(features) {
      const predictions = new Float64Array(features.rows);
      for (let row = 0; row < features.rows; row++) {
        let node = nodes[0]!;
        while (node.feature >= 0) {
          node = nodes[features.data[row * features.columns + node.feature]! <= node.threshold ? node.left : node.right]!;
        }
        predictions[row] = node.value;
      }
      return predictions;
    },
    free() {
      nodes = [];
    },
  };
}

function gini(counts: Float64Array, size: number): number {
  let sum = 0;
  for (const count of counts) sum += (count / size) ** 2;
  return 1 - sum;
}

function giniComplement(total: Float64Array, left: Float64Array, size: number): number {
  let sum = 0;
  for (let k = 0; k < total.length; k++) sum += ((total[k]! - left[k]!) / size) ** 2;
  return 1 - sum;
}
