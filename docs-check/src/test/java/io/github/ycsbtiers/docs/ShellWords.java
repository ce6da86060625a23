package io.github.ycsbtiers.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A command line of an example split into words as a POSIX shell splits a simple command: single
 * and double quotes, backslash escapes, {@code $NAME} and {@code ${NAME}} expanded from a table
 * (unquoted expansions split into words); the command ends at an unquoted {@code #} comment,
 * redirection, pipe or list operator ({@code >}, {@code <}, {@code |}, {@code &}, {@code ;}).
 */
final class ShellWords {
  private ShellWords() {
  }

  /**
   * @param variables the value of each variable name, or null when it is unknown
   * @throws IllegalArgumentException for an unknown variable or an unterminated quote
   */
  static List<String> split(String line, Function<String, String> variables) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    int i = 0;
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == ' ' || c == '\t') {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
        i++;
        continue;
      }
      if (word == null && (c == '#' || c == '>' || c == '<' || c == '|' || c == '&' || c == ';')) {
        break;
      }
      if (word != null && (c == '>' || c == '|' || c == '&' || c == ';')) {
        break; // "2>" or "x>file": the command ended
      }
      if (word == null) {
        word = new StringBuilder();
      }
      if (c == '\\' && i + 1 < n) {
        word.append(line.charAt(i + 1));
        i += 2;
      } else if (c == '\'') {
        int end = line.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unterminated ' in: " + line);
        }
        word.append(line, i + 1, end);
        i = end + 1;
      } else if (c == '"') {
        int end = i + 1;
        StringBuilder quoted = new StringBuilder();
        while (end < n && line.charAt(end) != '"') {
          if (line.charAt(end) == '$') {
            end = expand(line, end, variables, quoted);
          } else {
            quoted.append(line.charAt(end++));
          }
        }
        if (end >= n) {
          throw new IllegalArgumentException("unterminated \" in: " + line);
        }
        word.append(quoted);
        i = end + 1;
      } else if (c == '$') {
        StringBuilder value = new StringBuilder();
        i = expand(line, i, variables, value);
        String[] parts = value.toString().trim().split("\\s+");
        for (int p = 0; p < parts.length; p++) {
          if (p > 0) {
            words.add(word.toString());
            word = new StringBuilder();
          }
          word.append(parts[p]);
        }
      } else {
        word.append(c);
        i++;
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  /** Expands the variable at {@code at} (a {@code $}) into {@code out}; returns the index after it. */
  private static int expand(String line, int at, Function<String, String> variables, StringBuilder out) {
    int i = at + 1;
    String name;
    if (i < line.length() && line.charAt(i) == '{') {
      int end = line.indexOf('}', i);
      if (end < 0) {
        throw new IllegalArgumentException("unterminated ${ in: " + line);
      }
      name = line.substring(i + 1, end);
      i = end + 1;
    } else {
      int start = i;
      while (i < line.length() && (Character.isLetterOrDigit(line.charAt(i)) || line.charAt(i) == '_')) {
        i++;
      }
      name = line.substring(start, i);
      if (name.isEmpty()) {
        out.append('$');
        return i;
      }
    }
    String value = variables.apply(name);
    if (value == null) {
      throw new IllegalArgumentException("the example uses $" + name + ", which neither its block nor the check defines");
    }
    out.append(value);
    return i;
  }

  /** A table lookup for {@link #split}. */
  static Function<String, String> from(Map<String, String> table) {
    return table::get;
  }
}
