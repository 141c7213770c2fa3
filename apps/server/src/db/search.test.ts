import { describe, expect, it } from 'vitest';
import { searchQuery, searchQueryText, searchTokens, searchVectorSql } from './search';

describe('searchTokens', () => {
  it('emits every CJK character and every overlapping pair', () => {
    expect(searchTokens('非遗传承').split(' ')).toEqual(['非', '非遗', '遗', '遗传', '传', '传承', '承']);
  });

  it('keeps latin words and numbers whole, in lower case, and folds full-width forms', () => {
    expect(searchTokens('Flagship 2026 ＡＢＣ１２３').split(' ')).toEqual(['flagship', '2026', 'abc123']);
  });

  it('splits mixed runs and drops punctuation', () => {
    expect(searchTokens('2026年度《舞剧》—VR版!').split(' ')).toEqual(['2026', '年', '年度', '度', '舞', '舞剧', '剧', 'vr', '版']);
  });

  it('strips tags, comments, scripts and decodes entities', () => {
    const tokens = searchTokens('<p class="x">越剧&nbsp;<b>A&amp;B</b></p><!-- 隐藏 --><script>var 脚本 = 1</script>&#20132;').split(' ');
    expect(tokens).toEqual(['越', '越剧', '剧', 'a', 'b', '交']);
    expect(tokens).not.toContain('class');
    expect(tokens).not.toContain('隐');
    expect(tokens).not.toContain('脚');
  });

  it('joins several texts, skips empty ones and drops duplicates', () => {
    expect(searchTokens('舞蹈', null, undefined, '', '舞蹈 dance', 'Dance').split(' ')).toEqual(['舞', '舞蹈', '蹈', 'dance']);
    expect(searchTokens()).toBe('');
  });
});

describe('searchQueryText', () => {
  it('ANDs the pairs of a CJK run, a lone character by itself and latin prefixes', () => {
    expect(searchQueryText('文化遗产')).toBe("'文化' & '化遗' & '遗产'");
    expect(searchQueryText('舞')).toBe("'舞'");
    expect(searchQueryText('Design 2026 舞蹈')).toBe("'design':* & '2026':* & '舞蹈'");
  });

  it('returns null when there is nothing to search for', () => {
    expect(searchQueryText('')).toBeNull();
    expect(searchQueryText('  ！？、。 & | ! ( ) : * \' \\ ')).toBeNull();
    expect(searchQuery('()')).toBeNull();
  });

  it('never lets tsquery operators or quotes through', () => {
    const text = searchQueryText("a' | b & !c:* <-> (d)") ?? '';
    expect(text).toBe("'a':* & 'b':* & 'c':* & 'd':*");
  });

  it('keeps the keyword out of the SQL text: it is a bound parameter', () => {
    const query = searchQuery("x'); drop table projects; --");
    expect(query).not.toBeNull();
    const chunks = JSON.stringify(query?.queryChunks);
    expect(chunks).toContain("to_tsquery('simple', ");
    expect(chunks).toContain('drop');
    // The only SQL text is the function call; the rest is a parameter value.
    const sqlText = (query?.queryChunks ?? [])
      .filter((c): c is { value: string[] } => typeof c === 'object' && c !== null && 'value' in c && Array.isArray((c as { value: unknown }).value))
      .flatMap((c) => c.value)
      .join('');
    expect(sqlText).toBe("to_tsquery('simple', )");
    expect(searchVectorSql('舞蹈').queryChunks.length).toBeGreaterThan(1);
  });
});
