import path from 'node:path';

/**
 * Web boundaries (decision 0013): a file in
 * apps/web/src/features/X imports shared code (api/, map/, components/, lib/, contracts) and its own
 * feature, never another feature; shared code (api/, map/, components/, lib/) imports no feature at all.
 * map/ is the shared domain tier of the maps (locations, popups, layers), so it may read api/;
 * components/ and lib/ are domain-free: they import neither api/ nor map/. Pages made of several
 * features are composed in app/. Relative import paths are resolved against the file, so the rule
 * sees `../../other-feature/x` as well as longer ways round.
 */
const DOMAIN_FREE = new Set(['components', 'lib']);
const DOMAIN_TIERS = new Set(['api', 'map']);
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
      domainInDomainFree:
        "'{{from}}' is domain-free and must not import from '{{to}}/': move the piece to {{to}}/, or pass the data in as props.",
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
      if (to && DOMAIN_FREE.has(from) && DOMAIN_TIERS.has(to)) {
        context.report({ node: source, messageId: 'domainInDomainFree', data: { from, to } });
        return;
      }
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
