package io.github.ycsbtiers.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the checks need of one Markdown file: its headings, its links outside code, its explicit
 * HTML anchors, and the logical lines of its fenced code blocks (a line ending in a backslash
 * joined to the next, as a shell reads it).
 */
final class MarkdownFile {
  private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
  private static final Pattern LINK = Pattern.compile("\\[(?:[^\\[\\]]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

  /** A link: where it was and where it points. */
  record Link(int line, String target) {
  }

  /** A logical line of a fenced code block and the file line it starts on. */
  record CodeLine(int line, String text) {
  }

  private final Path path;
  private final List<String> headings = new ArrayList<>();
  private final List<String> htmlAnchors = new ArrayList<>();
  private final List<Link> links = new ArrayList<>();
  private final List<List<CodeLine>> codeBlocks = new ArrayList<>();

  private MarkdownFile(Path path, List<String> lines) {
    this.path = path;
    List<CodeLine> block = null;
    StringBuilder pending = null;
    int pendingLine = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (FENCE.matcher(line).find()) {
        if (block == null) {
          block = new ArrayList<>();
        } else {
          codeBlocks.add(block);
          block = null;
          pending = null;
        }
        continue;
      }
      if (block != null) {
        if (pending == null) {
          pending = new StringBuilder();
          pendingLine = i + 1;
        } else {
          line = line.strip();
        }
        if (line.endsWith("\\")) {
          pending.append(line, 0, line.length() - 1).append(' ');
        } else {
          block.add(new CodeLine(pendingLine, pending.append(line).toString()));
          pending = null;
        }
        continue;
      }
      Matcher h = HEADING.matcher(line);
      if (h.matches()) {
        headings.add(h.group(2));
      }
      Matcher a = HTML_ANCHOR.matcher(line);
      while (a.find()) {
        htmlAnchors.add(a.group(1));
      }
      Matcher l = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
      while (l.find()) {
        links.add(new Link(i + 1, l.group(1)));
      }
    }
  }

  static MarkdownFile read(Path path) {
    try {
      return new MarkdownFile(path, Files.readAllLines(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Path path() {
    return path;
  }

  /** The anchors a link may name: the headings' (GitHub's rules) and explicit HTML ones. */
  java.util.Set<String> anchors() {
    java.util.Set<String> all = GithubAnchors.of(headings);
    all.addAll(htmlAnchors);
    return all;
  }

  List<Link> links() {
    return links;
  }

  List<List<CodeLine>> codeBlocks() {
    return codeBlocks;
  }
}
