/** The kind of input a method reads; a change of modality reframes the problem (rubric level 4). */
export type InputModality =
  | 'image'
  | 'text'
  | 'audio'
  | 'tabular'
  | 'molecular'
  | 'graph'
  | 'code'
  | 'time-series'
  | 'physical-observations';

// Data sources and input representations of the curated vocabulary by the modality they imply. Synthetic data,
// generic loaders and encodings shared by every modality (one-hot) imply none.
const modalityByConcept: Readonly<Record<string, InputModality>> = {
  mnist: 'image',
  'fashion-mnist': 'image',
  cifar: 'image',
  svhn: 'image',
  imagenet: 'image',
  'image-benchmarks': 'image',
  'image-patches': 'image',
  'ag-news': 'text',
  'sst-2': 'text',
  imdb: 'text',
  yelp: 'text',
  glue: 'text',
  'question-answering-datasets': 'text',
  'language-modelling-corpora': 'text',
  'tf-idf': 'text',
  'bag-of-words': 'text',
  'n-grams': 'text',
  'word-embeddings': 'text',
  'subword-tokenisation': 'text',
  'character-level': 'text',
  spectrogram: 'audio',
  'tabular-benchmarks': 'tabular',
  'molecular-data': 'molecular',
  'molecular-representation': 'molecular',
  'graph-representation': 'graph',
  'code-datasets': 'code',
  'abstract-syntax-tree': 'code',
  'execution-trace': 'code',
  'time-series-windows': 'time-series',
  'cosmology-observations': 'physical-observations',
};

/** The input modality concept `id` implies, or undefined when it implies none. */
export function modalityOf(id: string): InputModality | undefined {
  return modalityByConcept[id];
}
