package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A section of the report after the phases' tables (per-node QPS, connection ramps, capacity curves,
 * latency-bound searches, timelines, failed outputs): a {@code ##} heading and blocks, as data, which
 * summary.md renders as Markdown ({@link #markdown}) and index.html as HTML ({@link SectionHtml}).
 * Texts may hold {@code `code`} and links to files of the results directory, in Markdown's form.
 *
 * @param blocks the heading first, then the blocks in order
 * @param onPage whether index.html shows it too (the timelines' list is summary.md's alone: the page
 *     shows each timeline beside its phase's row)
 */
public record Section(List<Block> blocks, boolean onPage) {

  public Section {
    blocks = List.copyOf(blocks);
  }

  /** A part of a section. */
  public sealed interface Block permits Heading, Paragraph, Bullets, SectionTable {
  }

  /** {@code ##} (level 2) or {@code ###} (3). */
  public record Heading(int level, String text) implements Block {
  }

  public record Paragraph(String text) implements Block {
  }

  public record Bullets(List<String> items) implements Block {
    public Bullets {
      items = List.copyOf(items);
    }
  }

  /** A section titled {@code title}, to be filled in. */
  public static Builder titled(String title) {
    return new Builder(title);
  }

  /** The section in Markdown: its blocks, a blank line between two. */
  public String markdown() {
    StringBuilder md = new StringBuilder();
    for (Block b : blocks) {
      if (!md.isEmpty()) {
        md.append('\n');
      }
      if (b instanceof Heading h) {
        md.append("#".repeat(h.level())).append(' ').append(h.text()).append('\n');
      } else if (b instanceof Paragraph p) {
        md.append(p.text()).append('\n');
      } else if (b instanceof Bullets l) {
        l.items().forEach(item -> md.append("- ").append(item).append('\n'));
      } else {
        ((SectionTable) b).markdown(md);
      }
    }
    return md.toString();
  }

  /** Collects a section's blocks in order. */
  public static final class Builder {
    private final List<Block> blocks = new ArrayList<>();
    private boolean onPage = true;

    private Builder(String title) {
      blocks.add(new Heading(2, title));
    }

    public Builder subheading(String text) {
      blocks.add(new Heading(3, text));
      return this;
    }

    public Builder paragraph(String text) {
      blocks.add(new Paragraph(text));
      return this;
    }

    public Builder bullets(List<String> items) {
      blocks.add(new Bullets(items));
      return this;
    }

    public Builder table(SectionTable table) {
      blocks.add(table);
      return this;
    }

    /** Shown in summary.md only, not on the page. */
    public Builder notOnPage() {
      onPage = false;
      return this;
    }

    public Section build() {
      return new Section(blocks, onPage);
    }
  }
}
