import type { Concept, ConceptCategory, ModelParadigm } from './concept.js';

// Data, not logic. One entry per line, grouped by category. Aliases are word sequences (see `ConceptSchema`);
// plurals of an alias's last word are added automatically. Ambiguous short forms (`lr`, `rf`, `cv`, `nb`,
// `clip`) are left out on purpose: a missed concept costs less than a false one.

function family(id: string, name: string, paradigm: ModelParadigm, aliases: string[], parent?: string): Concept {
  return parent === undefined ? { id, name, category: 'model-family', paradigm, aliases } : { id, name, category: 'model-family', paradigm, aliases, parent };
}

function model(id: string, name: string, parent: string, aliases: string[]): Concept {
  return { id, name, category: 'model', parent, aliases };
}

function technique(category: ConceptCategory) {
  return (id: string, name: string, aliases: string[], parent?: string): Concept =>
    parent === undefined ? { id, name, category, aliases } : { id, name, category, aliases, parent };
}

const architecture = technique('architecture');
const activation = technique('activation');
const paradigm = technique('learning-paradigm');
const representation = technique('representation');
const feature = technique('feature-engineering');
const preprocessing = technique('preprocessing');
const augmentation = technique('augmentation');
const validation = technique('validation');
const ensembling = technique('ensembling');
const loss = technique('loss');
const regulariser = technique('regulariser');
const optimiser = technique('optimiser');
const schedule = technique('schedule');
const tuning = technique('hyperparameter-search');
const training = technique('training-technique');
const uncertainty = technique('uncertainty');
const postprocessing = technique('postprocessing');
const interpretability = technique('interpretability');
const retrieval = technique('retrieval');
const search = technique('search');
const evaluation = technique('evaluation');
const data = technique('data-source');

/** The curated vocabulary of ML techniques `ConceptExtractor` matches by default (about 300 concepts). */
export const conceptVocabulary: readonly Concept[] = [
  // Model families and models: trees.
  family('decision-tree', 'Decision tree', 'decision-tree', ['decision tree', 'DecisionTreeClassifier', 'DecisionTreeRegressor']),
  family('tree-ensemble', 'Tree ensemble', 'tree-ensemble', ['tree ensemble', 'tree based model', 'tree based']),
  family('gradient-boosted-trees', 'Gradient-boosted trees', 'tree-ensemble', ['gradient boosting', 'gradient boosted', 'gbdt', 'gbm', 'boosted trees', 'HistGradientBoosting'], 'tree-ensemble'),
  model('lightgbm', 'LightGBM', 'gradient-boosted-trees', ['lightgbm', 'lgbm', 'light gbm']),
  model('xgboost', 'XGBoost', 'gradient-boosted-trees', ['xgboost', 'xgb', 'XGBRegressor', 'XGBClassifier']),
  model('catboost', 'CatBoost', 'gradient-boosted-trees', ['catboost']),
  model('adaboost', 'AdaBoost', 'gradient-boosted-trees', ['adaboost', 'ada boost']),
  family('random-forest', 'Random forest', 'tree-ensemble', ['random forest', 'RandomForestClassifier', 'RandomForestRegressor'], 'tree-ensemble'),
  model('extra-trees', 'Extremely randomised trees', 'random-forest', ['extra trees', 'extra tree', 'extremely randomized trees']),
  model('isolation-forest', 'Isolation forest', 'random-forest', ['isolation forest', 'IsolationForest']),

  // Linear and kernel models.
  family('linear-model', 'Linear model', 'linear', ['linear model', 'generalized linear model', 'glm']),
  model('linear-regression', 'Linear regression', 'linear-model', ['linear regression', 'LinearRegression', 'ordinary least squares', 'least squares', 'lstsq']),
  model('logistic-regression', 'Logistic regression', 'linear-model', ['logistic regression', 'LogisticRegression']),
  model('ridge-regression', 'Ridge regression', 'linear-model', ['ridge', 'ridge regression', 'RidgeClassifier', 'tikhonov']),
  model('lasso', 'Lasso', 'linear-model', ['lasso']),
  model('elastic-net', 'Elastic net', 'linear-model', ['elastic net', 'ElasticNet']),
  model('polynomial-regression', 'Polynomial regression', 'linear-model', ['polynomial regression', 'polyfit', 'polynomial fit']),
  model('bayesian-ridge', 'Bayesian ridge regression', 'linear-model', ['BayesianRidge', 'bayesian ridge', 'ARDRegression']),
  model('linear-discriminant-analysis', 'Linear discriminant analysis', 'linear-model', ['linear discriminant analysis', 'LinearDiscriminantAnalysis']),
  family('kernel-method', 'Kernel method', 'kernel', ['kernel method', 'kernel trick', 'rbf kernel', 'kernel ridge', 'KernelRidge']),
  model('support-vector-machine', 'Support vector machine', 'kernel-method', ['svm', 'svc', 'svr', 'support vector machine', 'support vector', 'LinearSVC']),
  family('nearest-neighbours', 'k-nearest neighbours', 'nearest-neighbour', ['knn', 'k nearest neighbor', 'k nearest neighbour', 'KNeighborsClassifier', 'KNeighborsRegressor', 'k neighbors']),

  // Probabilistic models.
  family('probabilistic-model', 'Probabilistic model', 'probabilistic', ['probabilistic model', 'generative classifier']),
  model('naive-bayes', 'Naive Bayes', 'probabilistic-model', ['naive bayes', 'GaussianNB', 'MultinomialNB', 'BernoulliNB', 'ComplementNB']),
  model('gaussian-process', 'Gaussian process', 'probabilistic-model', ['gaussian process', 'GaussianProcessRegressor', 'GaussianProcessClassifier', 'gpytorch']),
  model('hidden-markov-model', 'Hidden Markov model', 'probabilistic-model', ['hidden markov', 'hmmlearn']),
  model('bayesian-model', 'Bayesian model', 'probabilistic-model', ['bayesian model', 'bayesian framework', 'bayesian inference', 'posterior distribution', 'pymc', 'numpyro', 'pyro']),
  model('markov-chain-monte-carlo', 'Markov chain Monte Carlo', 'bayesian-model', ['mcmc', 'markov chain monte carlo', 'emcee', 'metropolis hastings', 'hamiltonian monte carlo', 'nuts sampler']),
  model('gaussian-mixture', 'Gaussian mixture model', 'probabilistic-model', ['gaussian mixture', 'GaussianMixture', 'gmm', 'mixture model', 'expectation maximization']),

  // Unsupervised families.
  family('clustering', 'Clustering', 'clustering', ['clustering', 'cluster analysis']),
  model('k-means', 'k-means', 'clustering', ['k means', 'kmeans']),
  model('density-clustering', 'Density-based clustering', 'clustering', ['dbscan', 'hdbscan', 'optics clustering']),
  model('hierarchical-clustering', 'Hierarchical clustering', 'clustering', ['hierarchical clustering', 'agglomerative', 'AgglomerativeClustering', 'dendrogram']),
  model('spectral-clustering', 'Spectral clustering', 'clustering', ['spectral clustering', 'SpectralClustering']),
  family('matrix-factorisation', 'Matrix factorisation', 'matrix-factorisation', ['matrix factorization', 'matrix factorisation', 'low rank factorization', 'collaborative filtering']),
  model('non-negative-matrix-factorisation', 'Non-negative matrix factorisation', 'matrix-factorisation', ['nmf', 'non negative matrix factorization']),
  model('dictionary-learning', 'Dictionary learning / sparse coding', 'matrix-factorisation', ['dictionary learning', 'sparse coding', 'sparse codes', 'DictionaryLearning', 'weight primitives']),
  model('topic-model', 'Topic model', 'matrix-factorisation', ['topic model', 'latent dirichlet allocation', 'LatentDirichletAllocation']),

  // Time series.
  family('statistical-time-series', 'Statistical time-series model', 'statistical-time-series', ['time series model', 'statsmodels tsa']),
  model('arima', 'ARIMA', 'statistical-time-series', ['arima', 'sarima', 'sarimax', 'autoregressive integrated', 'vector autoregression']),
  model('exponential-smoothing', 'Exponential smoothing', 'statistical-time-series', ['exponential smoothing', 'holt winters', 'ExponentialSmoothing']),
  model('prophet', 'Prophet', 'statistical-time-series', ['prophet']),

  // Neural networks.
  family('neural-network', 'Neural network', 'neural-network', ['neural network', 'neural net', 'nn module', 'deep learning', 'deep network', 'keras', 'tensorflow', 'pytorch lightning']),
  model('multilayer-perceptron', 'Multilayer perceptron', 'neural-network', ['mlp', 'multilayer perceptron', 'multi layer perceptron', 'feedforward', 'feed forward', 'fully connected network', 'fully connected layer', 'dense layer', 'hidden layer']),
  model('physics-informed-network', 'Physics-informed neural network', 'neural-network', ['physics informed', 'pinn']),
  model('neural-ode', 'Neural ODE', 'neural-network', ['neural ode', 'torchdiffeq', 'odeint']),
  model('hypernetwork', 'Hypernetwork', 'neural-network', ['hypernetwork', 'hyper network']),
  model('siamese-network', 'Siamese network', 'neural-network', ['siamese', 'twin network', 'dual encoder', 'bi encoder']),
  model('mixture-of-experts', 'Mixture of experts', 'neural-network', ['mixture of experts', 'moe layer', 'gating network']),
  family('convolutional-network', 'Convolutional neural network', 'convolutional-network', ['cnn', 'convolutional neural network', 'convolutional network', 'convnet', 'conv net', 'convolutional layer', 'convolution', 'conv1d', 'conv2d', 'conv3d'], 'neural-network'),
  model('resnet', 'ResNet', 'convolutional-network', ['resnet', 'residual network', 'wide resnet', 'resnext']),
  model('efficientnet', 'EfficientNet', 'convolutional-network', ['efficientnet', 'efficient net']),
  model('vgg', 'VGG', 'convolutional-network', ['vgg']),
  model('densenet', 'DenseNet', 'convolutional-network', ['densenet']),
  model('mobilenet', 'MobileNet', 'convolutional-network', ['mobilenet', 'shufflenet', 'squeezenet']),
  model('inception', 'Inception', 'convolutional-network', ['inception', 'xception', 'googlenet']),
  model('convnext', 'ConvNeXt', 'convolutional-network', ['convnext', 'regnet']),
  model('lenet', 'LeNet / AlexNet', 'convolutional-network', ['lenet', 'alexnet']),
  model('u-net', 'U-Net', 'convolutional-network', ['unet', 'u net']),
  model('object-detector', 'Object detector', 'convolutional-network', ['yolo', 'faster rcnn', 'mask rcnn', 'retinanet', 'detectron', 'object detection']),
  model('temporal-convolutional-network', 'Temporal convolutional network', 'convolutional-network', ['temporal convolutional', 'tcn', 'wavenet', 'dilated convolution']),
  family('recurrent-network', 'Recurrent neural network', 'recurrent-network', ['rnn', 'recurrent neural network', 'recurrent network', 'recurrent layer'], 'neural-network'),
  model('lstm', 'LSTM', 'recurrent-network', ['lstm', 'long short term memory', 'bilstm', 'bi lstm']),
  model('gru', 'GRU', 'recurrent-network', ['gru', 'gated recurrent unit']),
  family('transformer', 'Transformer', 'transformer', ['transformer', 'transformer encoder', 'transformer decoder', 'TransformerEncoderLayer', 'huggingface transformers'], 'neural-network'),
  model('bert', 'BERT', 'transformer', ['bert', 'BertModel', 'bert base uncased']),
  model('roberta', 'RoBERTa', 'bert', ['roberta', 'xlm roberta']),
  model('distilbert', 'DistilBERT', 'bert', ['distilbert', 'distil bert']),
  model('deberta', 'DeBERTa', 'bert', ['deberta']),
  model('electra', 'ELECTRA', 'bert', ['electra']),
  model('albert', 'ALBERT', 'bert', ['albert base', 'AlbertModel', 'AlbertTokenizer']),
  model('sentence-transformer', 'Sentence transformer', 'transformer', ['sentence transformer', 'sentence transformers', 'sbert', 'all MiniLM', 'minilm', 'e5 base', 'bge']),
  model('gpt', 'GPT-style decoder', 'transformer', ['gpt', 'gpt2', 'gpt 2', 'gpt neo', 'decoder only', 'causal transformer']),
  model('t5', 'T5 / BART', 'transformer', ['t5', 'flan t5', 'bart', 'pegasus']),
  model('transformer-xl', 'Transformer-XL / long-context transformer', 'transformer', ['transformer xl', 'longformer', 'reformer', 'bigbird', 'compressive transformer']),
  model('vision-transformer', 'Vision transformer', 'transformer', ['vision transformer', 'vit', 'deit', 'swin']),
  model('large-language-model', 'Large language model', 'transformer', ['large language model', 'llm', 'llama', 'mistral', 'qwen', 'gpt 4', 'gpt 3', 'chatgpt', 'openai api', 'chat completion', 'claude', 'gemini']),
  family('graph-neural-network', 'Graph neural network', 'graph-network', ['gnn', 'graph neural network', 'graph network', 'message passing', 'torch geometric', 'dgl'], 'neural-network'),
  model('graph-convolutional-network', 'Graph convolutional network', 'graph-neural-network', ['gcn', 'graph convolution', 'graph convolutional', 'GCNConv']),
  model('graph-attention-network', 'Graph attention network', 'graph-neural-network', ['graph attention', 'GATConv']),
  model('graphsage', 'GraphSAGE', 'graph-neural-network', ['graphsage', 'graph sage', 'SAGEConv']),
  family('generative-network', 'Deep generative model', 'generative-network', ['generative model', 'deep generative'], 'neural-network'),
  model('autoencoder', 'Autoencoder', 'generative-network', ['autoencoder', 'auto encoder', 'denoising autoencoder']),
  model('variational-autoencoder', 'Variational autoencoder', 'autoencoder', ['vae', 'variational autoencoder', 'variational auto encoder', 'reparameterization trick']),
  model('generative-adversarial-network', 'Generative adversarial network', 'generative-network', ['gan', 'generative adversarial', 'discriminator and generator', 'wgan', 'dcgan']),
  model('diffusion-model', 'Diffusion model', 'generative-network', ['diffusion model', 'ddpm', 'ddim', 'denoising diffusion', 'score matching', 'stable diffusion']),
  model('normalising-flow', 'Normalising flow', 'generative-network', ['normalizing flow', 'normalising flow', 'realnvp', 'coupling layer']),

  // Network building blocks.
  architecture('attention', 'Attention', ['attention', 'self attention', 'attention mechanism', 'scaled dot product']),
  architecture('multi-head-attention', 'Multi-head attention', ['multi head attention', 'multihead attention', 'MultiheadAttention'], 'attention'),
  architecture('cross-attention', 'Cross-attention', ['cross attention'], 'attention'),
  architecture('positional-encoding', 'Positional encoding', ['positional encoding', 'positional embedding', 'position embedding', 'rotary embedding', 'rope']),
  architecture('residual-connection', 'Residual connection', ['residual connection', 'skip connection', 'residual block', 'shortcut connection']),
  architecture('batch-normalisation', 'Batch normalisation', ['batch norm', 'batchnorm', 'batch normalization', 'batch normalisation']),
  architecture('layer-normalisation', 'Layer normalisation', ['layer norm', 'layernorm', 'layer normalization', 'layer normalisation', 'rmsnorm', 'group norm', 'groupnorm']),
  architecture('max-pooling', 'Max pooling', ['max pool', 'max pooling', 'maxpool', 'global max pooling'], 'pooling'),
  architecture('average-pooling', 'Average / mean pooling', ['avg pool', 'average pooling', 'mean pooling', 'mean pool', 'global average pooling', 'avgpool'], 'pooling'),
  architecture('pooling', 'Pooling', ['pooling layer', 'pooling']),
  architecture('embedding-layer', 'Embedding layer', ['embedding layer', 'nn embedding', 'EmbeddingBag', 'lookup table embedding']),
  architecture('encoder-decoder', 'Encoder-decoder', ['encoder decoder', 'seq2seq', 'sequence to sequence']),
  architecture('projection-head', 'Projection head', ['projection head', 'linear projection', 'projector head']),
  architecture('depthwise-separable-convolution', 'Depthwise separable convolution', ['depthwise', 'separable convolution']),
  architecture('squeeze-excitation', 'Squeeze-and-excitation', ['squeeze and excitation', 'se block']),
  architecture('gating', 'Gating', ['gating mechanism', 'gated linear unit', 'glu']),
  architecture('memory-module', 'External memory / memory compression', ['memory network', 'memory buffer', 'memory compression', 'compress memory', 'kv cache', 'key value cache', 'token pruning', 'memory bank']),
  architecture('parameter-sharing', 'Parameter sharing', ['parameter sharing', 'weight sharing', 'shared weights', 'tied weights', 'weight tying']),
  architecture('classification-head', 'Task head on a backbone', ['classification head', 'task head', 'prediction head', 'backbone']),

  // Activations.
  activation('relu', 'ReLU', ['relu']),
  activation('leaky-relu', 'Leaky ReLU / PReLU', ['leaky relu', 'leakyrelu', 'prelu'], 'relu'),
  activation('gelu', 'GELU', ['gelu']),
  activation('swish', 'Swish / SiLU / Mish', ['swish', 'silu', 'mish']),
  activation('elu', 'ELU / SELU', ['elu', 'selu']),
  activation('tanh', 'Tanh', ['tanh']),
  activation('sigmoid', 'Sigmoid', ['sigmoid']),
  activation('softmax', 'Softmax', ['softmax', 'log softmax']),
  activation('softplus', 'Softplus', ['softplus']),

  // Learning paradigms.
  paradigm('supervised-learning', 'Supervised learning', ['supervised learning']),
  paradigm('transfer-learning', 'Pretrained model fine-tuning', ['fine tune', 'fine tuning', 'finetune', 'finetuning', 'transfer learning', 'pretrained', 'pre trained', 'pretrained weights']),
  paradigm('parameter-efficient-fine-tuning', 'Parameter-efficient fine-tuning', ['peft', 'parameter efficient'], 'transfer-learning'),
  paradigm('lora', 'LoRA', ['lora', 'low rank adaptation', 'qlora'], 'parameter-efficient-fine-tuning'),
  paradigm('adapter-tuning', 'Adapters / prefix and prompt tuning', ['adapter layer', 'adapter tuning', 'prefix tuning', 'prompt tuning', 'soft prompt'], 'parameter-efficient-fine-tuning'),
  paradigm('linear-probing', 'Linear probing', ['linear probe', 'linear probing', 'frozen encoder', 'frozen features'], 'transfer-learning'),
  paradigm('self-supervised-learning', 'Self-supervised learning', ['self supervised', 'pretext task', 'masked autoencoder', 'masked image modeling']),
  paradigm('contrastive-learning', 'Contrastive learning', ['contrastive', 'contrastive learning', 'simclr', 'moco', 'byol', 'simsiam', 'positive pairs', 'negative pairs'], 'self-supervised-learning'),
  paradigm('metric-learning', 'Metric learning', ['metric learning', 'triplet', 'anchor positive negative', 'hard negative']),
  paradigm('semi-supervised-learning', 'Semi-supervised learning', ['semi supervised', 'pseudo label', 'pseudo labeling', 'pseudo labelling', 'self training', 'consistency regularization', 'fixmatch']),
  paradigm('unsupervised-learning', 'Unsupervised learning', ['unsupervised']),
  paradigm('active-learning', 'Active learning', ['active learning', 'uncertainty sampling', 'query strategy']),
  paradigm('meta-learning', 'Meta-learning / bilevel optimisation', ['meta learning', 'maml', 'learning to learn', 'bilevel', 'bi level', 'meta update', 'meta gradient', 'meta step', 'meta training']),
  paradigm('multi-task-learning', 'Multi-task learning', ['multi task', 'multitask', 'auxiliary task', 'auxiliary loss', 'auxiliary head']),
  paradigm('curriculum-learning', 'Curriculum learning', ['curriculum learning', 'curriculum']),
  paradigm('reinforcement-learning', 'Reinforcement learning', ['reinforcement learning', 'policy gradient', 'q learning', 'dqn', 'ppo', 'actor critic', 'a2c', 'reward model', 'rlhf', 'dpo', 'gymnasium', 'replay buffer']),
  paradigm('bandit', 'Multi-armed bandit', ['bandit', 'multi armed bandit', 'thompson sampling', 'ucb', 'upper confidence bound', 'epsilon greedy']),
  paradigm('imitation-learning', 'Imitation learning', ['imitation learning', 'behavior cloning', 'behaviour cloning']),
  paradigm('knowledge-distillation', 'Knowledge distillation', ['distillation', 'knowledge distillation', 'teacher student', 'student model', 'teacher model']),
  paradigm('in-context-learning', 'Prompting / in-context learning', ['in context learning', 'few shot prompting', 'zero shot', 'few shot', 'prompt engineering', 'chain of thought', 'prompting']),
  paradigm('llm-agents', 'LLM agents / multi-agent systems', ['multi agent', 'llm agent', 'agentic', 'tool use', 'metagpt', 'autogen']),
  paradigm('domain-adaptation', 'Domain adaptation', ['domain adaptation', 'domain adversarial', 'gradient reversal']),
  paradigm('continual-learning', 'Continual learning', ['continual learning', 'catastrophic forgetting', 'lifelong learning', 'elastic weight consolidation']),
  paradigm('federated-learning', 'Federated learning', ['federated learning', 'fedavg']),
  paradigm('anomaly-detection', 'Anomaly detection', ['anomaly detection', 'outlier detection', 'novelty detection', 'one class svm', 'OneClassSVM']),
  paradigm('co-adaptation', 'Human-AI co-adaptation / user modelling', ['user model', 'mental model', 'co adaptive', 'coadaptive', 'human ai alignment']),

  // Input representations.
  representation('tf-idf', 'TF-IDF', ['tf idf', 'tfidf', 'TfidfVectorizer', 'TfidfTransformer']),
  representation('bag-of-words', 'Bag of words', ['bag of words', 'CountVectorizer', 'count vectorizer', 'HashingVectorizer', 'word counts']),
  representation('n-grams', 'Word or character n-grams', ['n gram', 'ngram', 'char ngram', 'bigram', 'trigram']),
  representation('word-embeddings', 'Static word embeddings', ['word embedding', 'word2vec', 'glove', 'fasttext', 'gensim']),
  representation('subword-tokenisation', 'Subword tokenisation', ['tokenizer', 'tokenizers', 'wordpiece', 'byte pair encoding', 'bpe', 'sentencepiece', 'tiktoken']),
  representation('character-level', 'Character-level encoding', ['character level', 'char level', 'character embedding', 'char embedding', 'character sequence', 'char tokenize', 'char tokenization', 'character tokenization']),
  representation('pretrained-embeddings', 'Pretrained text or image embeddings', ['sentence embedding', 'text embedding', 'pretrained embedding', 'cls token', 'cls embedding', 'feature extractor', 'embedding model']),
  representation('one-hot-encoding', 'One-hot encoding', ['one hot', 'OneHotEncoder', 'get dummies', 'dummy variables']),
  representation('spectrogram', 'Spectrogram / MFCC', ['spectrogram', 'mel spectrogram', 'mfcc', 'librosa', 'torchaudio']),
  representation('molecular-representation', 'Molecular fingerprints / SMILES', ['smiles', 'rdkit', 'morgan fingerprint', 'ecfp', 'molecular fingerprint', 'molecular descriptor']),
  representation('graph-representation', 'Graph representation', ['adjacency matrix', 'edge index', 'knowledge graph', 'networkx']),
  representation('abstract-syntax-tree', 'Abstract syntax tree', ['abstract syntax tree', 'ast parse', 'syntax tree']),
  representation('execution-trace', 'Program execution traces', ['execution trace', 'dynamic trace', 'execution traces', 'trace equivalent']),
  representation('image-patches', 'Image patches', ['image patch', 'patch embedding', 'patchify']),
  representation('time-series-windows', 'Sliding windows over a series', ['sliding window', 'lookback window', 'sequence windows']),

  // Feature engineering.
  feature('feature-engineering', 'Feature engineering', ['feature engineering', 'engineered features', 'handcrafted features', 'new features']),
  feature('polynomial-features', 'Polynomial / interaction features', ['polynomial features', 'PolynomialFeatures', 'interaction features', 'feature interactions', 'interaction terms'], 'feature-engineering'),
  feature('target-encoding', 'Target encoding', ['target encoding', 'mean encoding', 'TargetEncoder', 'likelihood encoding'], 'feature-engineering'),
  feature('frequency-encoding', 'Frequency / count encoding', ['frequency encoding', 'count encoding'], 'feature-engineering'),
  feature('lag-features', 'Lag features', ['lag feature', 'lag features', 'lagged', 'shift features'], 'feature-engineering'),
  feature('rolling-statistics', 'Rolling-window statistics', ['rolling window', 'rolling mean', 'rolling statistics', 'rolling std', 'moving average'], 'feature-engineering'),
  feature('fourier-features', 'Fourier / seasonal features', ['fourier features', 'fourier transform', 'fft', 'seasonal decomposition', 'seasonality'], 'feature-engineering'),
  feature('datetime-features', 'Date and time features', ['date features', 'datetime features', 'day of week', 'time features'], 'feature-engineering'),
  feature('text-statistics-features', 'Text statistics features', ['text length', 'word count', 'sentence length', 'character count', 'readability'], 'feature-engineering'),
  feature('aggregation-features', 'Group aggregation features', ['aggregation features', 'group statistics', 'groupby aggregation', 'aggregate features'], 'feature-engineering'),
  feature('binning', 'Binning / discretisation', ['binning', 'KBinsDiscretizer', 'discretization', 'discretisation', 'quantile bins'], 'feature-engineering'),
  feature('feature-selection', 'Feature selection', ['feature selection', 'SelectKBest', 'recursive feature elimination', 'rfe', 'mutual information', 'boruta'], 'feature-engineering'),
  feature('dimensionality-reduction', 'Dimensionality reduction', ['dimensionality reduction', 'dimension reduction']),
  feature('principal-component-analysis', 'Principal component analysis', ['pca', 'principal component', 'IncrementalPCA'], 'dimensionality-reduction'),
  feature('singular-value-decomposition', 'Singular value decomposition', ['svd', 'TruncatedSVD', 'singular value decomposition', 'pseudo inverse', 'pinv'], 'dimensionality-reduction'),
  feature('t-sne', 't-SNE', ['tsne', 't sne'], 'dimensionality-reduction'),
  feature('umap', 'UMAP', ['umap'], 'dimensionality-reduction'),
  feature('representation-statistics', 'Representation statistics as features', ['representation norm', 'rep norm', 'gradient norm feature', 'per sample loss', 'loss feature'], 'feature-engineering'),

  // Pre-processing.
  preprocessing('feature-scaling', 'Standardisation / scaling', ['standard scaler', 'StandardScaler', 'standardize', 'standardization', 'standardise', 'z score', 'zscore', 'min max', 'MinMaxScaler', 'RobustScaler', 'feature scaling', 'transforms.Normalize', 'input normalization', 'input normalisation', 'normalize inputs', 'normalized inputs', 'normalize features', 'feature normalization', 'data normalization', 'normalized by the training mean']),
  preprocessing('l2-normalisation', 'L2 normalisation of vectors', ['l2 normalization', 'l2 normalisation', 'l2 normalize', 'l2 normalized', 'unit norm', 'F.normalize', 'functional.normalize']),
  preprocessing('imputation', 'Missing-value imputation', ['impute', 'imputation', 'imputer', 'SimpleImputer', 'IterativeImputer', 'knn imputer', 'fillna', 'missing values']),
  preprocessing('label-encoding', 'Label / ordinal encoding', ['label encoding', 'LabelEncoder', 'label encode', 'ordinal encoding', 'OrdinalEncoder', 'factorize', 'cat codes', 'integer codes']),
  preprocessing('log-transform', 'Log transform', ['log transform', 'log transformed', 'log transformation', 'log1p', 'expm1', 'log target']),
  preprocessing('power-transform', 'Power transform / skew correction', ['box cox', 'boxcox', 'yeo johnson', 'PowerTransformer', 'QuantileTransformer', 'skewness', 'skewed features']),
  // scikit-learn's column-wise preprocessing: named here so "ColumnTransformer" is not read as a transformer model.
  preprocessing('column-transformer', 'Column-wise preprocessing pipeline', ['ColumnTransformer', 'column transformer', 'make column transformer', 'FunctionTransformer', 'function transformer', 'TransformedTargetRegressor', 'transformed target regressor']),
  preprocessing('outlier-removal', 'Outlier removal / clipping', ['outlier removal', 'remove outliers', 'winsorize', 'winsorization', 'clip outliers']),
  preprocessing('class-imbalance-handling', 'Class-imbalance handling', ['class weight', 'class weights', 'oversampling', 'undersampling', 'smote', 'imbalanced learn', 'WeightedRandomSampler', 'balanced sampling', 'pos weight']),
  preprocessing('text-cleaning', 'Text cleaning', ['stop words', 'stopwords', 'stemming', 'lemmatization', 'lemmatize', 'text cleaning', 'remove punctuation', 'PorterStemmer']),
  preprocessing('image-resizing', 'Image resizing / cropping', ['resize', 'resizing', 'center crop', 'CenterCrop']),
  preprocessing('padding-truncation', 'Sequence padding and truncation', ['pad sequence', 'pad sequences', 'padding mask', 'attention mask', 'truncation', 'max length']),
  preprocessing('dataset-subsampling', 'Dataset subsampling / streaming', ['subsampling', 'subsampled', 'streaming mode', 'streaming api', 'small subset']),
  preprocessing('deduplication', 'Deduplication / data cleaning', ['deduplication', 'deduplicate', 'drop duplicates', 'data cleaning']),

  // Augmentation.
  augmentation('data-augmentation', 'Data augmentation', ['data augmentation', 'augmentation', 'albumentations', 'augment images', 'augmented training', 'training augmentation']),
  augmentation('random-crop', 'Random cropping', ['random crop', 'RandomCrop', 'random resized crop', 'RandomResizedCrop'], 'data-augmentation'),
  augmentation('flip', 'Random flips', ['horizontal flip', 'vertical flip', 'RandomHorizontalFlip', 'RandomVerticalFlip', 'hflip'], 'data-augmentation'),
  augmentation('random-rotation', 'Random rotation / affine', ['random rotation', 'RandomRotation', 'RandomAffine', 'rotation augmentation', 'random affine'], 'data-augmentation'),
  augmentation('colour-jitter', 'Colour jitter', ['color jitter', 'ColorJitter', 'colour jitter', 'brightness contrast'], 'data-augmentation'),
  augmentation('random-erasing', 'Cutout / random erasing', ['cutout', 'random erasing', 'RandomErasing', 'coarse dropout'], 'data-augmentation'),
  augmentation('mixup', 'Mixup', ['mixup', 'mix up'], 'data-augmentation'),
  augmentation('cutmix', 'CutMix', ['cutmix'], 'data-augmentation'),
  augmentation('auto-augment', 'AutoAugment / RandAugment', ['autoaugment', 'randaugment', 'trivialaugment', 'auto augment', 'rand augment'], 'data-augmentation'),
  augmentation('noise-injection', 'Noise injection', ['gaussian noise', 'noise injection', 'add noise', 'input noise', 'noisy inputs'], 'data-augmentation'),
  augmentation('test-time-augmentation', 'Test-time augmentation', ['test time augmentation', 'tta'], 'data-augmentation'),
  augmentation('synonym-replacement', 'Synonym replacement / paraphrasing', ['synonym replacement', 'synonym swap', 'synonym swaps', 'wordnet', 'paraphrase', 'paraphrasing', 'back translation', 'eda augmentation'], 'data-augmentation'),
  augmentation('token-masking', 'Token masking / deletion', ['token masking', 'random deletion', 'word dropout', 'mask tokens'], 'data-augmentation'),
  augmentation('adversarial-examples', 'Adversarial examples', ['adversarial example', 'adversarial examples', 'fgsm', 'pgd attack', 'adversarial perturbation', 'adversarial attack']),

  // Validation schemes.
  validation('cross-validation', 'Cross-validation', ['cross validation', 'cross val', 'cross validate', 'cross_val_score', 'cross val predict']),
  validation('k-fold', 'k-fold cross-validation', ['k fold', 'kfold', 'n fold', 'out of fold', 'oof'], 'cross-validation'),
  validation('stratified-k-fold', 'Stratified k-fold', ['stratified k fold', 'StratifiedKFold', 'stratified fold', 'stratified split', 'stratify', 'StratifiedShuffleSplit'], 'k-fold'),
  validation('group-k-fold', 'Group k-fold', ['group k fold', 'GroupKFold', 'StratifiedGroupKFold', 'group split'], 'k-fold'),
  validation('time-series-split', 'Time-series split', ['time series split', 'TimeSeriesSplit', 'walk forward', 'temporal split', 'rolling origin'], 'cross-validation'),
  validation('holdout-validation', 'Hold-out validation split', ['holdout', 'hold out', 'train test split', 'validation split', 'random split', 'validation set', 'held out']),
  validation('leave-one-out', 'Leave-one-out', ['leave one out', 'LeaveOneOut', 'loocv', 'leave one group out'], 'cross-validation'),
  validation('nested-cross-validation', 'Nested cross-validation', ['nested cross validation', 'nested cv'], 'cross-validation'),
  validation('repeated-k-fold', 'Repeated k-fold', ['repeated k fold', 'RepeatedKFold', 'RepeatedStratifiedKFold'], 'k-fold'),
  validation('adversarial-validation', 'Adversarial validation', ['adversarial validation']),

  // Ensembling.
  ensembling('ensemble', 'Ensemble', ['ensemble', 'ensembling', 'ensembles', 'model averaging', 'average predictions', 'averaging predictions']),
  ensembling('bagging', 'Bagging', ['bagging', 'BaggingClassifier', 'BaggingRegressor', 'bootstrap aggregating'], 'ensemble'),
  ensembling('stacking', 'Stacking', ['stacking', 'stacked generalization', 'StackingClassifier', 'StackingRegressor', 'meta model', 'second level model'], 'ensemble'),
  ensembling('blending', 'Blending', ['blending', 'blend', 'weighted average of predictions', 'weighted blend'], 'ensemble'),
  ensembling('voting', 'Voting', ['voting classifier', 'VotingClassifier', 'VotingRegressor', 'majority vote', 'majority voting', 'soft voting', 'hard voting'], 'ensemble'),
  ensembling('snapshot-ensemble', 'Snapshot / checkpoint ensemble', ['snapshot ensemble', 'checkpoint ensemble', 'fast geometric ensembling'], 'ensemble'),
  ensembling('seed-averaging', 'Seed averaging', ['seed averaging', 'multiple seeds', 'average over seeds', 'seed ensemble'], 'ensemble'),

  // Losses and objectives.
  loss('cross-entropy', 'Cross-entropy', ['cross entropy', 'CrossEntropyLoss', 'nll loss', 'NLLLoss', 'log loss', 'logloss', 'negative log likelihood', 'categorical crossentropy']),
  loss('binary-cross-entropy', 'Binary cross-entropy', ['binary cross entropy', 'bce', 'binary crossentropy'], 'cross-entropy'),
  loss('focal-loss', 'Focal loss', ['focal loss', 'sigmoid focal'], 'cross-entropy'),
  loss('mean-squared-error', 'Mean squared error', ['mse', 'mean squared error', 'MSELoss', 'l2 loss', 'squared error', 'rmse loss']),
  loss('mean-absolute-error', 'Mean absolute error', ['mae', 'mean absolute error', 'L1Loss', 'l1 loss', 'absolute error']),
  loss('huber-loss', 'Huber / smooth L1', ['huber', 'HuberLoss', 'smooth l1', 'SmoothL1Loss']),
  loss('hinge-loss', 'Hinge loss', ['hinge loss', 'hinge']),
  loss('triplet-loss', 'Triplet loss', ['triplet loss', 'triplet margin', 'TripletMarginLoss']),
  loss('contrastive-loss', 'Contrastive / InfoNCE loss', ['contrastive loss', 'info nce', 'infonce', 'nt xent', 'ntxent', 'supcon']),
  loss('margin-ranking-loss', 'Margin ranking loss', ['margin ranking', 'MarginRankingLoss', 'ranking loss', 'pairwise ranking', 'lambdarank']),
  loss('kl-divergence', 'KL divergence', ['kl divergence', 'kl div', 'KLDivLoss', 'kullback leibler', 'kl loss']),
  loss('jensen-shannon-divergence', 'Jensen-Shannon divergence', ['jensen shannon', 'js divergence']),
  loss('dice-loss', 'Dice / IoU loss', ['dice loss', 'jaccard loss', 'iou loss', 'lovasz']),
  loss('quantile-loss', 'Quantile / pinball loss', ['quantile loss', 'pinball loss']),
  loss('poisson-loss', 'Poisson / Tweedie loss', ['poisson loss', 'PoissonNLLLoss', 'tweedie']),
  loss('cosine-loss', 'Cosine similarity loss', ['cosine embedding loss', 'CosineEmbeddingLoss', 'cosine similarity loss', 'cosine loss']),
  loss('reconstruction-loss', 'Reconstruction loss', ['reconstruction loss', 'reconstruction error', 'reconstruction objective']),
  loss('language-modelling-objective', 'Language-modelling objective', ['causal lm', 'causal language modeling', 'next token prediction', 'language modeling', 'language modelling', 'masked language modeling', 'mlm', 'perplexity']),
  loss('distributionally-robust-optimisation', 'Distributionally robust optimisation', ['group dro', 'distributionally robust', 'worst case loss']),
  loss('custom-loss', 'Custom loss function', ['custom loss', 'weighted loss', 'composite loss', 'combined loss']),

  // Regularisers.
  regulariser('dropout', 'Dropout', ['dropout', 'spatial dropout', 'Dropout2d']),
  regulariser('weight-decay', 'Weight decay / L2 penalty', ['weight decay', 'l2 regularization', 'l2 regularisation', 'l2 penalty']),
  regulariser('l1-regularisation', 'L1 penalty / sparsity', ['l1 regularization', 'l1 regularisation', 'l1 penalty', 'sparsity penalty', 'sparsity loss', 'l1 norm penalty']),
  regulariser('early-stopping', 'Early stopping', ['early stopping', 'early stop', 'EarlyStopping', 'early_stopping_rounds', 'patience']),
  regulariser('label-smoothing', 'Label smoothing', ['label smoothing', 'smoothed cross entropy']),
  regulariser('stochastic-depth', 'Stochastic depth / drop path', ['stochastic depth', 'drop path', 'droppath']),
  regulariser('spectral-normalisation', 'Spectral normalisation', ['spectral normalization', 'spectral norm']),
  regulariser('gradient-penalty', 'Gradient penalty', ['gradient penalty', 'jacobian regularization']),

  // Optimisers.
  optimiser('sgd', 'Stochastic gradient descent', ['sgd', 'stochastic gradient descent', 'gradient descent']),
  optimiser('momentum', 'Momentum / Nesterov', ['momentum', 'nesterov'], 'sgd'),
  optimiser('adam', 'Adam', ['adam']),
  optimiser('adamw', 'AdamW', ['adamw', 'decoupled weight decay'], 'adam'),
  optimiser('rmsprop', 'RMSprop', ['rmsprop']),
  optimiser('adagrad', 'Adagrad / Adadelta', ['adagrad', 'adadelta']),
  optimiser('lbfgs', 'L-BFGS / second-order', ['lbfgs', 'l bfgs', 'newton method', 'conjugate gradient', 'bfgs']),
  optimiser('lion', 'Lion / Lookahead / Ranger / SAM', ['lion optimizer', 'lookahead', 'ranger', 'sharpness aware', 'sam optimizer']),
  optimiser('alternating-minimisation', 'Alternating minimisation', ['alternating minimization', 'alternating minimisation', 'alternating optimization', 'coordinate descent', 'block coordinate']),
  optimiser('closed-form-solution', 'Closed-form solution', ['closed form', 'normal equations', 'analytic solution']),

  // Learning-rate schedules.
  schedule('learning-rate-schedule', 'Learning-rate schedule', ['lr scheduler', 'learning rate schedule', 'learning rate scheduler', 'lr schedule', 'lr_scheduler']),
  schedule('cosine-annealing', 'Cosine annealing', ['cosine annealing', 'CosineAnnealingLR', 'CosineAnnealingWarmRestarts', 'cosine schedule', 'cosine decay'], 'learning-rate-schedule'),
  schedule('step-decay', 'Step decay', ['step lr', 'StepLR', 'MultiStepLR', 'step decay'], 'learning-rate-schedule'),
  schedule('exponential-decay', 'Exponential decay', ['ExponentialLR', 'exponential decay', 'exponential lr'], 'learning-rate-schedule'),
  schedule('one-cycle', 'One-cycle / cyclical', ['one cycle', 'OneCycleLR', 'CyclicLR', 'cyclical learning rate'], 'learning-rate-schedule'),
  schedule('warmup', 'Warm-up', ['warmup', 'warm up', 'linear warmup', 'lr warmup'], 'learning-rate-schedule'),
  schedule('reduce-on-plateau', 'Reduce on plateau', ['ReduceLROnPlateau', 'reduce lr on plateau', 'reduce on plateau'], 'learning-rate-schedule'),
  schedule('linear-decay', 'Linear / polynomial decay', ['linear decay', 'linear schedule', 'LinearLR', 'polynomial decay', 'PolynomialLR'], 'learning-rate-schedule'),

  // Hyper-parameter search.
  tuning('hyperparameter-tuning', 'Hyper-parameter tuning', ['hyperparameter tuning', 'hyperparam tuning', 'hyperparameter search', 'hyperparameter sweep', 'hyper parameter tuning', 'hyperparameter optimization', 'sweep over']),
  tuning('grid-search', 'Grid search', ['grid search', 'GridSearchCV', 'parameter grid', 'ParameterGrid'], 'hyperparameter-tuning'),
  tuning('random-search', 'Random search', ['random search', 'RandomizedSearchCV', 'randomized search'], 'hyperparameter-tuning'),
  tuning('bayesian-optimisation', 'Bayesian optimisation', ['bayesian optimization', 'bayesian optimisation', 'optuna', 'hyperopt', 'tpe', 'scikit optimize'], 'hyperparameter-tuning'),
  tuning('successive-halving', 'Hyperband / successive halving', ['hyperband', 'successive halving', 'asha'], 'hyperparameter-tuning'),

  // Training techniques.
  training('mixed-precision', 'Mixed precision', ['mixed precision', 'autocast', 'GradScaler', 'fp16', 'bf16', 'bfloat16']),
  training('gradient-accumulation', 'Gradient accumulation', ['gradient accumulation', 'accumulation steps', 'accumulate gradients']),
  training('gradient-clipping', 'Gradient clipping', ['gradient clipping', 'clip grad', 'clip_grad_norm', 'grad clip', 'max grad norm']),
  training('layer-freezing', 'Layer freezing', ['freeze', 'freezing', 'frozen backbone', 'frozen layers', 'frozen weights', 'unfreeze', 'gradual unfreezing']),
  training('weight-averaging', 'Weight averaging (EMA / SWA)', ['ema', 'exponential moving average', 'stochastic weight averaging', 'swa', 'polyak averaging']),
  training('sample-reweighting', 'Sample reweighting', ['sample reweighting', 'reweighting', 'reweight', 'sample weights', 'importance weighting', 'importance weights', 'inverse cluster size']),
  training('per-sample-gradients', 'Per-sample gradients', ['per sample gradient', 'per example gradient', 'gradient clustering', 'functorch', 'vmap']),
  training('data-valuation', 'Data valuation / selection', ['data valuation', 'data value', 'data shapley', 'influence function', 'data selection', 'coreset', 'data pruning', 'sample utility', 'dvn']),
  training('adversarial-training', 'Adversarial training', ['adversarial training', 'adversarially trained']),
  training('teacher-forcing', 'Teacher forcing', ['teacher forcing', 'scheduled sampling']),
  training('hard-negative-mining', 'Hard negative mining', ['hard negative mining', 'hard example mining', 'ohem']),
  training('warm-start', 'Warm start / checkpoint resume', ['warm start', 'warm_start', 'resume from checkpoint', 'load checkpoint']),
  training('gradient-checkpointing', 'Gradient checkpointing', ['gradient checkpointing', 'activation checkpointing']),
  training('distributed-training', 'Distributed / data-parallel training', ['DataParallel', 'DistributedDataParallel', 'data parallel', 'ddp', 'deepspeed', 'fsdp']),
  training('quantisation', 'Quantisation / pruning', ['quantization', 'quantisation', 'int8', 'bitsandbytes', 'weight pruning', 'magnitude pruning']),

  // Uncertainty.
  uncertainty('uncertainty-estimation', 'Uncertainty estimation', ['uncertainty estimation', 'uncertainty quantification', 'predictive uncertainty', 'epistemic', 'aleatoric', 'predictive entropy', 'predictive variance']),
  uncertainty('deep-ensembles', 'Deep ensembles', ['deep ensemble', 'deep ensembles', 'ensemble of networks', 'ensemble disagreement'], 'uncertainty-estimation'),
  uncertainty('mc-dropout', 'Monte Carlo dropout', ['mc dropout', 'monte carlo dropout', 'mc passes', 'mc sampling'], 'uncertainty-estimation'),
  uncertainty('conformal-prediction', 'Conformal prediction', ['conformal prediction', 'conformal', 'mapie', 'prediction sets'], 'uncertainty-estimation'),
  uncertainty('bayesian-neural-network', 'Bayesian neural network / variational inference', ['bayesian neural network', 'variational inference', 'bnn', 'bayes by backprop', 'laplace approximation', 'swag'], 'uncertainty-estimation'),
  uncertainty('quantile-regression', 'Quantile regression', ['quantile regression', 'QuantileRegressor', 'prediction interval', 'prediction intervals'], 'uncertainty-estimation'),
  uncertainty('perturbation-uncertainty', 'Perturbation-based uncertainty', ['perturbation induced', 'input perturbation', 'perturbation based', 'output divergence', 'perturbations'], 'uncertainty-estimation'),
  uncertainty('bootstrap-resampling', 'Bootstrap resampling', ['bootstrap', 'bootstrapping', 'bootstrap confidence'], 'uncertainty-estimation'),
  uncertainty('evidential-learning', 'Evidential deep learning', ['evidential', 'dirichlet uncertainty'], 'uncertainty-estimation'),

  // Post-processing.
  postprocessing('threshold-tuning', 'Decision-threshold tuning', ['threshold tuning', 'optimal threshold', 'threshold optimization', 'decision threshold']),
  postprocessing('probability-calibration', 'Probability calibration', ['calibration', 'calibrated', 'CalibratedClassifierCV', 'platt scaling', 'isotonic regression', 'temperature scaling']),
  postprocessing('prediction-clipping', 'Clipping / rounding predictions', ['clip predictions', 'round predictions', 'clipped predictions', 'rounding predictions']),
  postprocessing('rank-averaging', 'Rank averaging', ['rank averaging', 'rank average', 'rank transform predictions']),

  // Interpretability.
  interpretability('feature-importance', 'Feature importance', ['feature importance', 'feature importances', 'permutation importance', 'gain importance']),
  interpretability('shap', 'SHAP / LIME', ['shap', 'shapley', 'lime', 'TreeExplainer']),
  interpretability('saliency', 'Saliency / attribution maps', ['saliency', 'saliency map', 'grad cam', 'gradcam', 'integrated gradients', 'captum', 'attribution']),
  interpretability('model-explanations', 'Explanations for users', ['explanation', 'explanations', 'explainability', 'explainable', 'justification', 'xai']),
  interpretability('probing', 'Probing / attention analysis', ['probing classifier', 'attention visualization', 'attention weights analysis', 'attention entropy']),

  // Retrieval.
  retrieval('nearest-neighbour-search', 'Nearest-neighbour search', ['nearest neighbor', 'nearest neighbour', 'nearest neighbors', 'faiss', 'annoy', 'hnsw', 'vector search', 'similarity search']),
  retrieval('lexical-retrieval', 'Lexical retrieval (BM25)', ['bm25', 'rank bm25', 'keyword search', 'inverted index']),
  retrieval('dense-retrieval', 'Dense retrieval', ['dense retrieval', 'dense passage retrieval', 'dpr', 'embedding retrieval', 'retrieval accuracy']),
  retrieval('retrieval-augmented-generation', 'Retrieval-augmented generation', ['retrieval augmented', 'rag', 'retriever', 'retrieve and generate']),
  retrieval('reranking', 'Re-ranking', ['reranking', 'rerank', 're rank', 'cross encoder', 'reranker']),
  retrieval('clarifying-questions', 'Clarifying questions / query refinement', ['clarifying question', 'clarification', 'query rewriting', 'query expansion', 'query clarification']),

  // Search and decoding algorithms.
  search('beam-search', 'Beam search', ['beam search', 'num beams', 'beam width']),
  search('sampling-decoding', 'Sampling-based decoding', ['nucleus sampling', 'top p', 'top k sampling', 'temperature sampling', 'greedy decoding']),
  search('monte-carlo-tree-search', 'Monte Carlo tree search', ['monte carlo tree search', 'mcts']),
  search('evolutionary-algorithm', 'Evolutionary / genetic algorithm', ['genetic algorithm', 'evolutionary algorithm', 'evolution strategy', 'cma es', 'cmaes', 'mutation and crossover', 'map elites', 'openevolve']),
  search('simulated-annealing', 'Simulated annealing', ['simulated annealing']),
  search('constrained-decoding', 'Constrained / guided generation', ['constrained decoding', 'guided generation', 'grammar constrained', 'abstract interpretation', 'logits processor']),

  // Evaluation designs (not metrics: the task fixes those).
  evaluation('ablation-study', 'Ablation study', ['ablation', 'ablation study', 'ablate', 'ablated']),
  evaluation('distribution-shift', 'Distribution-shift / robustness evaluation', ['distribution shift', 'out of distribution', 'ood', 'covariate shift', 'domain shift', 'robustness', 'rotated test']),
  evaluation('group-robustness', 'Worst-group / spurious-correlation evaluation', ['worst group', 'group robustness', 'spurious correlation', 'spurious feature', 'minority group']),
  evaluation('statistical-testing', 'Statistical significance testing', ['t test', 'ttest', 'wilcoxon', 'p value', 'significance test', 'mann whitney', 'paired test']),
  evaluation('correlation-analysis', 'Correlation analysis', ['spearman', 'spearmanr', 'kendall tau', 'kendalltau', 'rank correlation', 'pearson', 'pearsonr']),
  evaluation('bayesian-model-comparison', 'Bayesian model comparison', ['bayesian evidence', 'evidence ratio', 'bayes factor', 'marginal likelihood', 'information criterion', 'bic', 'aic']),
  evaluation('benchmark-saturation', 'Benchmark discrimination / saturation analysis', ['benchmark saturation', 'benchmark discrimination', 'discriminative power', 'benchmark lifecycle']),
  evaluation('human-evaluation', 'Human or simulated-user evaluation', ['human evaluation', 'user study', 'simulated user', 'proxy user']),

  // Data sources.
  data('synthetic-data', 'Synthetic data', ['synthetic', 'synthetic data', 'synthetic dataset', 'make_classification', 'make classification', 'make regression', 'make moons', 'make blobs', 'simulated data', 'toy dataset']),
  data('huggingface-datasets', 'Hugging Face datasets', ['load dataset', 'huggingface datasets', 'hugging face datasets', 'hf datasets', 'datasets library']),
  data('external-data', 'External / additional data', ['external data', 'additional data', 'extra data', 'external dataset']),
  data('mnist', 'MNIST', ['mnist']),
  data('fashion-mnist', 'Fashion-MNIST', ['fashion mnist', 'FashionMNIST'], 'mnist'),
  data('cifar', 'CIFAR-10/100', ['cifar', 'cifar10', 'cifar100', 'cifar 10', 'cifar 100']),
  data('svhn', 'SVHN', ['svhn']),
  data('imagenet', 'ImageNet', ['imagenet', 'tiny imagenet', 'mini imagenet']),
  data('image-benchmarks', 'Other image benchmarks', ['coco', 'celeba', 'stl10', 'omniglot', 'pascal voc', 'cityscapes']),
  data('ag-news', 'AG News', ['ag news', 'ag_news']),
  data('sst-2', 'SST-2', ['sst 2', 'sst2', 'stanford sentiment']),
  data('imdb', 'IMDb reviews', ['imdb']),
  data('yelp', 'Yelp reviews', ['yelp', 'yelp polarity', 'yelp review full']),
  data('glue', 'GLUE / SuperGLUE', ['glue', 'superglue', 'mnli', 'qnli', 'rte', 'mrpc', 'cola', 'qqp', 'boolq']),
  data('question-answering-datasets', 'QA datasets', ['squad', 'ambigqa', 'triviaqa', 'natural questions', 'hotpotqa', 'nq open']),
  data('language-modelling-corpora', 'Language-modelling corpora', ['wikitext', 'penn treebank', 'ptb', 'pg19', 'openwebtext', 'the pile', 'tinystories']),
  data('code-datasets', 'Code datasets', ['mbpp', 'humaneval', 'codesearchnet', 'apps dataset', 'code contests']),
  data('tabular-benchmarks', 'Classic tabular datasets', ['iris', 'titanic', 'california housing', 'boston housing', 'breast cancer', 'load digits', 'adult income', 'wine quality']),
  data('cosmology-observations', 'Cosmology observations', ['planck', 'pantheon', 'desi', 'cmb', 'baryon acoustic', 'supernova', 'hubble']),
  data('molecular-data', 'Molecular / chemistry data', ['molecule', 'molecules', 'lipid', 'lipids', 'sirna', 'protein', 'qm9', 'moleculenet']),
];
