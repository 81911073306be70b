import { Chip, Stack, Typography } from '@mui/material';
import changelog from '../../../../../../CHANGELOG.md?raw';
import { useClientConfig } from '../../../lib/client-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { markdownBlocks } from '../lib/markdown-blocks';
import { InfoPage } from './info-page';

const BLOCKS = markdownBlocks(changelog);

/** /changelog: the project's CHANGELOG.md, with the running version. */
export function ChangelogPage() {
  useDocumentTitle('Changelog');
  const { config } = useClientConfig();
  return (
    <InfoPage
      title="Changelog"
      intro={
        <Stack direction="row" spacing={1.5} component="span" sx={{ alignItems: 'center' }}>
          <span>What each release of the portal brought.</span>
          {config ? <Chip size="small" color="primary" label={`running v${config.version}`} data-testid="changelog-version" /> : null}
        </Stack>
      }
    >
      {BLOCKS.slice(BLOCKS[0]?.kind === 'heading' && BLOCKS[0].level === 1 ? 1 : 0).map((block, i) => {
        if (block.kind === 'heading') {
          return (
            <Typography
              key={i}
              variant={block.level === 2 ? 'h5' : 'h6'}
              component={block.level === 2 ? 'h2' : 'h3'}
              sx={{ mt: block.level === 2 ? 3 : 2, mb: 1 }}
            >
              {block.text}
            </Typography>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={i} style={{ marginTop: 0 }}>
              {block.items.map((item) => (
                <li key={item}>
                  <Typography component="span">{item}</Typography>
                </li>
              ))}
            </ul>
          );
        }
        return (
          <Typography key={i} color="text.secondary" sx={{ mb: 1 }}>
            {block.text}
          </Typography>
        );
      })}
    </InfoPage>
  );
}
