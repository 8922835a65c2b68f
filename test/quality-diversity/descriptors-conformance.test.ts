import { packingDescriptors } from '../../bench/packing/packing-descriptors.js';
import { combinedDescriptors } from '../../src/quality-diversity/combined-descriptors.js';
import { conceptDescriptors } from '../../src/quality-diversity/concept-descriptors.js';
import { embeddingClusterDescriptors } from '../../src/quality-diversity/embedding-cluster-descriptors.js';
import { describeDescriptors } from '../conformance/describe-descriptors.js';

describeDescriptors('conceptDescriptors (default axes)', () => conceptDescriptors());
describeDescriptors('conceptDescriptors (paradigm × loss × ensembling)', () =>
  conceptDescriptors({ axes: ['paradigm', 'loss', 'ensembling'] }),
);
describeDescriptors('embeddingClusterDescriptors (default embedder)', () => embeddingClusterDescriptors());
describeDescriptors('embeddingClusterDescriptors (two clusters, small radius)', () =>
  embeddingClusterDescriptors({ clusters: 2, radius: 0.05 }),
);
describeDescriptors('combinedDescriptors (concepts + embedding clusters)', () =>
  combinedDescriptors([conceptDescriptors(), embeddingClusterDescriptors()]),
);
describeDescriptors('packingDescriptors (bench)', () => packingDescriptors());
