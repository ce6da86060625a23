package io.github.ycsbtiers.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command of the project's tools found in a Markdown code block, as the words to run it with a
 * dry run ({@code -p runner.dryrun=true} for a phase, {@code --dry-run} for {@code merge} and the
 * suite), or the reason it is not run (a synopsis with placeholders, the interactive shell).
 * {@code bin/ycsb-fanout}'s options are dropped and the {@code bin/ycsb} command it carries is
 * checked.
 */
record Example(Path file, int line, String text, List<String> command, String skipped) {
  private static final Pattern TOOL = Pattern.compile("^(?:\\$\\s+)?(\\./)?bin/(ycsb|ycsb-suite|ycsb-fanout)(\\s.*)?$");
  private static final Pattern ASSIGNMENT = Pattern.compile("^(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$");
  private static final Pattern FOR_LOOP = Pattern.compile("^for\\s+([A-Za-z_][A-Za-z0-9_]*)\\s+in\\s+(\\S+)");
  /** Values for the variables published scripts leave to the reader (the Tair paper's ${ip}, ...). */
  private static final Map<String, String> SAMPLES = Map.of("ip", "127.0.0.1", "port", "6379",
      "recordcount", "100000", "RUN_ID", "run1");

  /** Every example of one file, in order. */
  static List<Example> of(Path file, MarkdownFile md) {
    List<Example> out = new ArrayList<>();
    for (List<MarkdownFile.CodeLine> block : md.codeBlocks()) {
      Map<String, String> vars = new HashMap<>(System.getenv());
      vars.putAll(SAMPLES);
      for (MarkdownFile.CodeLine code : block) {
        String line = code.text().strip();
        Matcher loop = FOR_LOOP.matcher(line);
        if (loop.find()) {
          vars.put(loop.group(1), loop.group(2));
          line = line.replaceFirst("^for\\s.*?;\\s*do\\s*", "");
        }
        line = line.replaceFirst("^do\\s+", "").replaceFirst("^\\(\\s*", "");
        Matcher assign = ASSIGNMENT.matcher(line);
        if (assign.matches() && !line.contains(" bin/ycsb")) {
          try {
            List<String> value = ShellWords.split(assign.group(2), vars::get);
            vars.put(assign.group(1), String.join(" ", value));
          } catch (IllegalArgumentException e) {
            // an assignment the check cannot read: examples that use it report the variable
          }
          continue;
        }
        Matcher tool = TOOL.matcher(line);
        if (tool.matches()) {
          out.add(parse(file, code.line(), line, tool.group(2), vars));
        }
      }
    }
    return out;
  }

  private static Example parse(Path file, int line, String text, String tool, Map<String, String> vars) {
    if (text.contains("<") && text.matches(".*<[A-Za-z][^>]*>.*") || text.contains("...") || text.contains("|run")
        || text.contains("[options]")) {
      return new Example(file, line, text, List.of(), "a synopsis (placeholders)");
    }
    List<String> words;
    try {
      words = ShellWords.split(text.replaceFirst("^\\$\\s+", ""), vars::get);
    } catch (IllegalArgumentException e) {
      return new Example(file, line, text, List.of("!" + e.getMessage()), null);
    }
    List<String> command = new ArrayList<>();
    command.add("bin/ycsb");
    List<String> args = new ArrayList<>(words.subList(1, words.size()));
    if (tool.equals("ycsb-fanout")) {
      while (args.size() >= 2 && args.get(0).startsWith("--")) {
        args.remove(0);
        args.remove(0);
      }
      tool = "ycsb";
    }
    if (tool.equals("ycsb-suite")) {
      command.set(0, "bin/ycsb-suite");
      command.addAll(args);
      command.add("--dry-run");
      return new Example(file, line, text, command, null);
    }
    if (!args.isEmpty() && args.get(0).equals("shell")) {
      return new Example(file, line, text, List.of(), "the interactive shell");
    }
    if (!args.isEmpty() && args.get(0).equals("merge")) {
      command.add("merge");
      command.add("--dry-run");
      command.addAll(args.subList(1, args.size()));
      return new Example(file, line, text, command, null);
    }
    command.addAll(args);
    command.add("-p");
    command.add("runner.dryrun=true");
    return new Example(file, line, text, command, null);
  }

  /** Where it is, for messages: {@code file:line}. */
  String where(Path root) {
    return root.relativize(file.toAbsolutePath().normalize()) + ":" + line;
  }
}
