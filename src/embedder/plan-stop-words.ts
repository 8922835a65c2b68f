/**
 * English function words and plan boilerplate that say nothing about the method; dropped from plans before
 * unigrams and n-grams are formed, so `train a LightGBM model` yields the bigram `train lightgbm`.
 */
export const planStopWords: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each either etc few for from further had has ' +
    'have having he her here hers him his how however i if in into is it its itself just let me more most my ' +
    'no nor not now of off on once only or other our ours out over own same she should so some such than that ' +
    'the their theirs them then there these they this those through thus to too under until up us very via was ' +
    'we were what when where whether which while who whom why will with within without would yet you your ' +
    "use used uses using e.g i.e ll ve re d s t don won we'll i'll we're"
  ).split(' '),
);
