import { findAbsentCitation, findMissingProjectDocument } from './absent-documents.js';

/**
 * Comments and strings state a rule themselves; they never point at documents the repository
 * lacks (the specification's numbered sections, the old architecture notes, numbered
 * conventions), nor at project documents that do not exist (a renamed or never-written decision
 * record). A clone holds only what is in it, so a pointer elsewhere leads nowhere.
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
      missingDocument: "'{{found}}' names {{what}}: point at the document that holds the rule, or state the rule itself.",
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;

    function check(node, text, loc) {
      const citation = findAbsentCitation(text) ?? findMissingProjectDocument(text, context.cwd);
      if (!citation) return;
      context.report({ node, loc, messageId: citation.missing ? 'missingDocument' : 'citation', data: citation });
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
