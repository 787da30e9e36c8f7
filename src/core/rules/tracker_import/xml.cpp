// The bounded XML reader (xml.hpp). One pass, iterative (an explicit stack of open elements, never recursion on
// the input's nesting), every limit checked as it is reached.
#include "core/rules/tracker_import/xml.hpp"

#include "core/error.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules::xml {

namespace {

struct Reader {
  std::string_view s;
  const Limits& lim;
  size_t p = 0;
  size_t elements = 0;

  [[noreturn]] void fail(const char* en, const char* cs, const char* uk) const {
    int line = 1;
    for (size_t k = 0; k < p && k < s.size(); ++k)
      if (s[k] == '\n') ++line;
    throw UserError("rules.err.import_xml", jobj{"line", line, "reason", jobj{"en", en, "cs", cs, "uk", uk}});
  }
  bool at(std::string_view w) const { return s.substr(p, w.size()) == w; }
  bool end() const { return p >= s.size(); }
  static bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.' || c == ':' || static_cast<unsigned char>(c) >= 0x80;
  }
  static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  void skip_space() {
    while (!end() && space(s[p])) ++p;
  }
  std::string name() {
    const size_t a = p;
    while (!end() && name_char(s[p])) ++p;
    if (p == a) fail("a name was expected", "čekal se název", "очікувалася назва");
    return std::string(s.substr(a, p - a));
  }
  // Skips to just past `w`; fails when the text ends first.
  void skip_past(std::string_view w) {
    const size_t k = s.find(w, p);
    if (k == std::string_view::npos) {
      p = s.size();
      fail("the text ends too early", "text končí předčasně", "текст уривається");
    }
    p = k + w.size();
  }
  static void put_utf8(std::string& out, unsigned long cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  // At '&': decodes one reference into out.
  void entity(std::string& out) {
    const size_t semi = s.find(';', p);
    if (semi == std::string_view::npos || semi - p > 10)
      fail("a broken character reference (&…;)", "poškozený odkaz na znak (&…;)", "пошкоджене посилання на символ (&…;)");
    const std::string_view e = s.substr(p + 1, semi - p - 1);
    p = semi + 1;
    if (e == "lt") return void(out += '<');
    if (e == "gt") return void(out += '>');
    if (e == "amp") return void(out += '&');
    if (e == "quot") return void(out += '"');
    if (e == "apos") return void(out += '\'');
    if (e.size() >= 2 && e[0] == '#') {
      const bool hex = e[1] == 'x' || e[1] == 'X';
      unsigned long cp = 0;
      const std::string_view digits = e.substr(hex ? 2 : 1);
      if (digits.empty()) fail("a broken character reference (&…;)", "poškozený odkaz na znak (&…;)", "пошкоджене посилання на символ (&…;)");
      for (char c : digits) {
        int d = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10 : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) fail("a broken character reference (&…;)", "poškozený odkaz na znak (&…;)", "пошкоджене посилання на символ (&…;)");
        cp = cp * (hex ? 16 : 10) + static_cast<unsigned long>(d);
      }
      if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        fail("a character reference to no character", "odkaz na neexistující znak", "посилання на неіснуючий символ");
      return put_utf8(out, cp);
    }
    fail("an unknown entity (only &lt; &gt; &amp; &quot; &apos; and &#…;)", "neznámá entita (jen &lt; &gt; &amp; &quot; &apos; a &#…;)",
         "невідома сутність (лише &lt; &gt; &amp; &quot; &apos; і &#…;)");
  }
  void count_element() {
    if (++elements > lim.max_elements)
      fail("too many elements", "příliš mnoho prvků", "забагато елементів");
  }

  Element document() {
    if (s.size() > lim.max_bytes) fail("the file is too large", "soubor je příliš velký", "файл завеликий");
    if (at("\xEF\xBB\xBF")) p += 3;  // a byte order mark
    std::vector<Element> stack;
    Element root;
    bool have_root = false;
    while (!end()) {
      if (s[p] == '<') {
        if (at("<?")) {
          skip_past("?>");
        } else if (at("<!--")) {
          skip_past("-->");
        } else if (at("<![CDATA[")) {
          if (stack.empty()) fail("text outside the root element", "text mimo kořenový prvek", "текст поза кореневим елементом");
          p += 9;
          const size_t a = p;
          skip_past("]]>");
          stack.back().text += s.substr(a, p - 3 - a);
        } else if (at("<!")) {
          fail("a document type declaration (<!DOCTYPE …>) is not accepted", "deklarace typu dokumentu (<!DOCTYPE …>) se nepřijímá",
               "оголошення типу документа (<!DOCTYPE …>) не приймається");
        } else if (at("</")) {
          p += 2;
          const std::string n = name();
          skip_space();
          if (end() || s[p] != '>') fail("a closing tag is not closed", "uzavírací značka není uzavřena", "закривальний тег не закрито");
          ++p;
          if (stack.empty() || stack.back().name != n)
            fail("a closing tag does not match the open element", "uzavírací značka neodpovídá otevřenému prvku",
                 "закривальний тег не відповідає відкритому елементу");
          Element done = std::move(stack.back());
          stack.pop_back();
          if (stack.empty()) {
            root = std::move(done);
            have_root = true;
          } else {
            stack.back().children.push_back(std::move(done));
          }
        } else {
          ++p;
          if (have_root) fail("more than one root element", "víc než jeden kořenový prvek", "більше ніж один кореневий елемент");
          count_element();
          Element e;
          e.name = name();
          bool self_closed = false;
          for (;;) {
            skip_space();
            if (end()) fail("the text ends too early", "text končí předčasně", "текст уривається");
            if (s[p] == '>') {
              ++p;
              break;
            }
            if (at("/>")) {
              p += 2;
              self_closed = true;
              break;
            }
            std::string an = name();
            skip_space();
            if (end() || s[p] != '=') fail("an attribute without a value", "atribut bez hodnoty", "атрибут без значення");
            ++p;
            skip_space();
            if (end() || (s[p] != '"' && s[p] != '\'')) fail("an attribute value without quotes", "hodnota atributu bez uvozovek", "значення атрибута без лапок");
            const char q = s[p++];
            std::string v;
            while (!end() && s[p] != q) {
              if (s[p] == '&')
                entity(v);
              else if (s[p] == '<')
                fail("“<” inside an attribute value", "„<“ uvnitř hodnoty atributu", "«<» усередині значення атрибута");
              else
                v += s[p++];
            }
            if (end()) fail("the text ends too early", "text končí předčasně", "текст уривається");
            ++p;
            if (e.attributes.size() >= 64) fail("too many attributes", "příliš mnoho atributů", "забагато атрибутів");
            e.attributes.emplace_back(std::move(an), std::move(v));
          }
          if (self_closed) {
            if (stack.empty()) {
              root = std::move(e);
              have_root = true;
            } else {
              stack.back().children.push_back(std::move(e));
            }
          } else {
            if (static_cast<int>(stack.size()) >= lim.max_depth)
              fail("the elements nest too deep", "prvky jsou vnořeny příliš hluboko", "елементи вкладено надто глибоко");
            stack.push_back(std::move(e));
          }
        }
      } else if (s[p] == '&') {
        if (stack.empty()) fail("text outside the root element", "text mimo kořenový prvek", "текст поза кореневим елементом");
        entity(stack.back().text);
      } else {
        const size_t a = p;
        while (!end() && s[p] != '<' && s[p] != '&') ++p;
        const std::string_view chunk = s.substr(a, p - a);
        if (stack.empty()) {
          for (char c : chunk)
            if (!space(c)) fail("text outside the root element", "text mimo kořenový prvek", "текст поза кореневим елементом");
        } else {
          stack.back().text += chunk;
        }
      }
    }
    if (!stack.empty() || !have_root) fail("the text ends too early", "text končí předčasně", "текст уривається");
    return root;
  }
};

std::string trim(std::string_view t) {
  const auto a = t.find_first_not_of(" \t\r\n"), b = t.find_last_not_of(" \t\r\n");
  return a == std::string_view::npos ? std::string() : std::string(t.substr(a, b - a + 1));
}

}  // namespace

const Element* Element::child(std::string_view n) const {
  for (const auto& c : children)
    if (c.name == n) return &c;
  return nullptr;
}

std::vector<const Element*> Element::children_named(std::string_view n) const {
  std::vector<const Element*> out;
  for (const auto& c : children)
    if (c.name == n) out.push_back(&c);
  return out;
}

std::string Element::child_text(std::string_view n) const {
  const Element* c = child(n);
  return c ? trim(c->text) : std::string();
}

Element parse(std::string_view text, const Limits& limits) {
  Reader r{text, limits};
  return r.document();
}

}  // namespace druzina::rules::xml
