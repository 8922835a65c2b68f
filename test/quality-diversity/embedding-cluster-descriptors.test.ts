import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { combinedDescriptors } from '../../src/quality-diversity/combined-descriptors.js';
import { conceptDescriptors } from '../../src/quality-diversity/concept-descriptors.js';
import { embeddingClusterDescriptors } from '../../src/quality-diversity/embedding-cluster-descriptors.js';

// A fake embedder: each plan names an angle in degrees; its vector is the unit vector at that angle.
const angleEmbedder = {
  embedOne: ({ plan }: { plan: string }) => {
    const radians = (Number(plan) * Math.PI) / 180;
    return Float32Array.of(Math.cos(radians), Math.sin(radians));
  },
};
const at = (degrees: number) => ({ plan: String(degrees), code: '' });
// Cosine distance of two unit vectors `degrees` apart.
const distance = (degrees: number) => 1 - Math.cos((degrees * Math.PI) / 180);

describe('embeddingClusterDescriptors', () => {
  it('founds a cluster for a candidate farther than radius from every centroid, else joins the nearest', () => {
    const descriptors = embeddingClusterDescriptors({ embedder: angleEmbedder, radius: distance(30), clusters: 3 });
    expect(descriptors.axes).toEqual(['embedding-cluster']);
    expect(descriptors.describe(at(0)).key).toBe('c0');
    expect(descriptors.describe(at(28)).key).toBe('c0'); // 28° from c0
    expect(descriptors.describe(at(90)).key).toBe('c1');
    expect(descriptors.describe(at(50)).values).toEqual(['c2']); // 50° from c0, 40° from c1: a new cluster at 50°
    expect(descriptors.describe(at(65)).key).toBe('c2'); // 15° from c2, 25° from c1
    expect(descriptors.clusterCount).toBe(3);
    // Three clusters exist: a candidate far from all joins the nearest (c1 at 90° is 90° from 180°).
    expect(descriptors.describe(at(180)).key).toBe('c1');
    expect(descriptors.clusterCount).toBe(3);
  });

  it('gives the same text the same cell, even after a nearer centroid was founded', () => {
    const descriptors = embeddingClusterDescriptors({ embedder: angleEmbedder, radius: distance(30) });
    expect(descriptors.describe(at(0)).key).toBe('c0');
    expect(descriptors.describe(at(28)).key).toBe('c0');
    expect(descriptors.describe(at(90)).key).toBe('c1');
    expect(descriptors.describe(at(50)).key).toBe('c2');
    // 28° is now 22° from c2 and 28° from c0: a new text there joins c2, the text seen before keeps c0.
    expect(descriptors.describe({ plan: '28.5', code: '' }).key).toBe('c2');
    expect(descriptors.describe(at(28)).key).toBe('c0');
  });

  it('separates a new model family from a tuning step with the default embedder and radius', () => {
    const descriptors = embeddingClusterDescriptors();
    const lightgbm = {
      plan: 'Train LightGBM with 5-fold CV',
      code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=500)\nmodel.fit(X, y)\n',
    };
    const tuned = { ...lightgbm, code: lightgbm.code.replace('500', '900') };
    const network = {
      plan: 'A convolutional network in PyTorch',
      code: 'import torch\nnet = torch.nn.Sequential(torch.nn.Conv2d(3, 16, 3), torch.nn.ReLU())\n',
    };
    expect(descriptors.describe(lightgbm).key).toBe('c0');
    expect(descriptors.describe(tuned).key).toBe('c0');
    expect(descriptors.describe(network).key).toBe('c1');
    expect(new HashingEmbedder().embedOne(network)).toEqual(new HashingEmbedder().embedOne(network));
  });

  it('refuses bad options naming them', () => {
    expect(() => embeddingClusterDescriptors({ clusters: 0 })).toThrow(InvalidOptionsError);
    expect(() => embeddingClusterDescriptors({ radius: 2 })).toThrow(/radius/);
    expect(() => embeddingClusterDescriptors({ embedder: {} as never })).toThrow(/embedOne/);
  });
});

describe('combinedDescriptors', () => {
  it('puts the axes of several descriptors side by side', () => {
    const descriptors = combinedDescriptors([
      conceptDescriptors({ axes: ['paradigm'] }),
      embeddingClusterDescriptors({ embedder: angleEmbedder }),
    ]);
    expect(descriptors.axes).toEqual(['paradigm', 'embedding-cluster']);
    const cell = descriptors.describe({ plan: '0', code: 'from sklearn.linear_model import Ridge' });
    expect(cell.values).toEqual(['linear', 'c0']);
    expect(cell.key).toBe('linear | c0');
  });

  it('refuses no parts and an axis named twice', () => {
    expect(() => combinedDescriptors([])).toThrow(InvalidOptionsError);
    expect(() => combinedDescriptors([conceptDescriptors({ axes: ['paradigm'] }), conceptDescriptors({ axes: ['paradigm'] })])).toThrow(
      /"paradigm" appears in two parts/,
    );
  });
});
