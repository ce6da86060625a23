package io.github.ycsbtiers.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks the relative links of a tree's Markdown files as GitHub resolves them: the file or
 * directory a link names exists (relative to the linking file), and an anchor
 * ({@code file.md#anchor} or {@code #anchor}) is one of the target file's anchors. Links with a
 * scheme ({@code https:}, {@code mailto:}) are left alone.
 */
final class LinkCheck {
  private final Path root;
  private final Map<Path, MarkdownFile> files = new HashMap<>();

  LinkCheck(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /** Every Markdown file under the root, build output, results and hidden directories left out. */
  List<Path> markdownFiles() {
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> {
            Path rel = root.relativize(p);
            for (Path part : rel) {
              String s = part.toString();
              if (s.equals("target") || s.equals("results") || s.equals("node_modules") || s.startsWith(".")) {
                return false;
              }
            }
            return true;
          })
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One line per broken link of every Markdown file under the root: {@code file:line: what}. */
  List<String> problems() {
    List<String> out = new ArrayList<>();
    for (Path p : markdownFiles()) {
      out.addAll(problems(p));
    }
    return out;
  }

  /** The broken links of one file. */
  List<String> problems(Path file) {
    MarkdownFile md = parsed(file);
    List<String> out = new ArrayList<>();
    for (MarkdownFile.Link link : md.links()) {
      String why = check(file, link.target());
      if (why != null) {
        out.add(root.relativize(file.toAbsolutePath().normalize()) + ":" + link.line() + ": " + why);
      }
    }
    return out;
  }

  private String check(Path file, String target) {
    if (target.isEmpty() || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
      return null;
    }
    int hash = target.indexOf('#');
    String pathPart = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : URLDecoder.decode(target.substring(hash + 1), StandardCharsets.UTF_8);
    Path resolved = pathPart.isEmpty() ? file : file.toAbsolutePath().getParent()
        .resolve(URLDecoder.decode(pathPart, StandardCharsets.UTF_8)).normalize();
    if (!Files.exists(resolved)) {
      return "link to " + target + ": no such file or directory " + root.relativize(resolved);
    }
    if (anchor == null || anchor.isEmpty()) {
      return null;
    }
    if (!resolved.toString().endsWith(".md")) {
      return null; // a line anchor into source (#L10) or the like: GitHub's, not checked here
    }
    Set<String> anchors = parsed(resolved).anchors();
    if (!anchors.contains(anchor)) {
      return "link to " + target + ": " + root.relativize(resolved) + " has no heading with anchor #" + anchor
          + " (GitHub's anchors there: " + String.join(", ", anchors) + ")";
    }
    return null;
  }

  private MarkdownFile parsed(Path file) {
    return files.computeIfAbsent(file.toAbsolutePath().normalize(), MarkdownFile::read);
  }
}
