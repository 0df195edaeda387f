import type { Block } from '../../shared/api/contract';
import { AppLink } from './AppLink';
import { ControllerBlock, RetentionBlock } from './SettingsBlocks';

/** Rich text from content, as React elements: nothing an editor writes is ever parsed as HTML. */
export function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <div className="prose">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return block.level === 2 ? <h2 key={i}>{block.text}</h2> : <h3 key={i}>{block.text}</h3>;
          case 'paragraph':
            return <p key={i}>{block.text}</p>;
          case 'quote':
            return <blockquote key={i}>{block.text}</blockquote>;
          case 'link':
            return (
              <p key={i} className="prose__link">
                <AppLink link={block.link}>{block.text}</AppLink>
              </p>
            );
          case 'controller':
            return <ControllerBlock key={i} />;
          case 'retention':
            return <RetentionBlock key={i} />;
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{item}</li>);
            return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
          }
        }
      })}
    </div>
  );
}
