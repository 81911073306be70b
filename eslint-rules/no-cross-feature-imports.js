import path from 'node:path';

/**
 * Web boundaries (decision 0013): a file in
 * apps/web/src/features/X imports shared code (api/, components/, lib/, contracts) and its own
 * feature, never another feature; shared code (api/, components/, lib/) imports no feature at all. Pages made of
 * several features are composed in app/. Relative import paths are resolved against the file, so
 * the rule sees `../../other-feature/x` as well as longer ways round.
 */
const WEB_SRC = path.join('apps', 'web', 'src');

/** 'features/<name>', 'components', 'lib', 'app' or null for a path outside apps/web/src. */
function areaOf(file, root) {
  const rel = path.relative(path.join(root, WEB_SRC), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split(path.sep);
  return top === 'features' && second ? `features/${second}` : top;
}

export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features import shared code, never each other; shared code imports no feature.' },
    messages: {
      crossFeature:
        "'{{from}}' must not import from '{{to}}': move the shared part to api/, components/ or lib/, or compose the features in app/.",
      sharedToFeature: "Shared code ('{{from}}') must not import from '{{to}}': shared code is domain-free.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const from = areaOf(file, root);
    if (!from || from === 'app') return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = areaOf(path.resolve(path.dirname(file), source.value), root);
      if (!to || !to.startsWith('features/') || to === from) return;
      const messageId = from.startsWith('features/') ? 'crossFeature' : 'sharedToFeature';
      context.report({ node: source, messageId, data: { from, to } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
