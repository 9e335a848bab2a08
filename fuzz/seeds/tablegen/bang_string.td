def R;
def strings {
  string cat = !strconcat("a", "b", "c");
  string subst = !subst("o", "0", "foo boo");
  string substEmpty = !subst("x", "y", "");
  string substr1 = !substr("hello world", 6);
  string substr2 = !substr("hello world", 0, 5);
  int find1 = !find("hello", "l");
  int find2 = !find("hello", "l", 3);
  int find3 = !find("hello", "z");
  string lower = !tolower("MiXeD");
  string upper = !toupper("MiXeD");
  string reprInt = !repr(42);
  string reprStr = !repr("s");
  string reprList = !repr([1, 2]);
  string castInt = !cast<string>(17);
  string castRec = !cast<string>(R);
  string paste = "pre" # 5 # "post";
  code codecat = !strconcat([{code}], "str");
  string codeAndStr = [{c}] # "s";
}
def reprDef { string s = !repr(R); }
class S<string n> { string up = !toupper(n); string pre = "x_" # n; int len = !size(n); }
def s1 : S<"abc">;
