import { findAbsentCitation } from './absent-documents.js';

/**
 * Comments and strings state a rule themselves; they never point at documents the repository
 * lacks (the specification's numbered sections, the old architecture notes, numbered
 * conventions). A clone holds only what is in it, so a pointer there leads nowhere.
 */
/** A string that names a module is a path, not a citation. */
const MODULE_SOURCE_PARENTS = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression']);

export const noAbsentDocumentCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments and strings never cite documents the repository does not contain.' },
    messages: {
      citation:
        "'{{found}}' cites {{what}}, a document this repository does not contain: state the rule itself in a sentence (project conventions: docs/architecture.md).",
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;

    function check(node, text, loc) {
      const citation = findAbsentCitation(text);
      if (citation) context.report({ node, loc, messageId: 'citation', data: citation });
    }

    return {
      Program() {
        for (const comment of source.getAllComments()) check(comment, comment.value, comment.loc);
      },
      Literal(node) {
        // Test titles and messages too; import paths are code, not citations.
        if (typeof node.value !== 'string' || MODULE_SOURCE_PARENTS.has(node.parent?.type)) return;
        check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
      JSXText(node) {
        check(node, node.value);
      },
    };
  },
};

export default { rules: { 'no-absent-document-citations': noAbsentDocumentCitations } };
