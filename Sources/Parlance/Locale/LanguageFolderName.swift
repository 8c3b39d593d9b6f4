/// Whether a file's or folder's name is a language, for the layouts that
/// name a language by a bare name (i18next's `LNG/` folders and `LNG.json`
/// files): a language subtag of two or three letters first, then nothing or
/// `-`/`_` and more subtags, a name `LocaleName.canonical` reads. Two letters
/// are ISO 639-1 languages. Three letters are also words folders are named
/// (`src`, `app`, `lib`, `res`, `doc`), and ISO 639-3 has a language for
/// nearly every one, so three letters count by what CLDR knows, as ICU 72
/// reports it (`uloc_getDisplayLanguage`, `uloc_addLikelySubtags` over
/// `aaa`…`zzz`, taken once into the two lists below so that a folder walk
/// never loads ICU):
/// - a language with a display name and likely subtags (CLDR has data for
///   it: `kab` → `kab_Latn_DZ`) is a language wherever it is;
/// - one with a display name only (`zun` Zuni, but also `src`, which ICU
///   names as Sardinian) is a language only beside other languages (in a
///   folder where another member is a language by the first rules);
/// - any other (`app`, `lib`, `doc`, `res`) is none.
package enum LanguageFolderName {
    /// `besideLanguages`: whether another member of the name's folder is a
    /// language by the other rules (`isLanguage(_:)` of it).
    package static func isLanguage(_ name: String, besideLanguages: Bool = false) -> Bool {
        let utf8 = name.utf8
        let language = utf8.prefix { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }
        guard (2...3).contains(language.count) else { return false }
        if language.count < utf8.count {
            let next = utf8[utf8.index(utf8.startIndex, offsetBy: language.count)]
            guard next == UInt8(ascii: "-") || next == UInt8(ascii: "_") else { return false }
        }
        if language.count == 3 {
            let code = String(decoding: language, as: UTF8.self).lowercased()
            guard knownThreeLetter.contains(code) || (besideLanguages && namedThreeLetter.contains(code)) else { return false }
        }
        return ((try? LocaleName.canonical(name)) ?? nil) != nil
    }

    /// The three-letter language subtags CLDR has a display name and likely
    /// subtags for (ICU 72; 549 codes).
    static let knownThreeLetter: Set<String> = Set(("""
        aar abk ace ach ada adp ady aeb afr agq ajt aka akk aln alt amh ann ara arc arg arn aro arq ars
        ary arz asa ase asm ast atj ava ave awa aym aze bak bal bam ban bar bas bax bbc bbj bej bel bem
        ben bew bez bfd bfq bgc bgn bho bik bin bis bjn bkm bla blg blt bod bos bpy bqi bra bre brh brx
        bss bua bug bul bum byn byv cad cat cch ccp ceb ces cgg cha che chk chm cho chp chr chu chv cic
        ckb clc cop cor cos cps cre crg crh crk crl crs csb csw cym dak dan dar dav den deu dgr div dje
        doi drh dsb dtp dua dyo dyu dzo ebu efi egl egy ell eng epo est esu eus ewe ewo ext fan fao fas
        fij fil fin fit fon fra frc frp frr frs fry ful fur gaa gag gan gay gbz gez gil gla gle glg glk
        glv gom gon gor got grc grn gsw guc guj gur guz gwi hak hat hau haw heb her hif hil hin hmo hnj
        hrv hsb hsn hun hur hye iba ibb ibo ido iii iku ile ilo ina ind inh ipk isl ita izh jam jav jaw
        jbo jgo jmc jpn jut kaa kab kac kaj kal kam kan kas kat kaw kaz kbd kcg kde kea ken kfo kgp kha
        khm khq khw kik kin kir kiu kkj kln kmb koi kok kom kon kor kos kpe krc kri krj krl kru ksb ksf
        ksh ktr kua kum kur kwk kxl kzj kzt lad lag lah lao lat lav lez lij lil lim lin lit lkt lmo lol
        loz lrc ltg ltz lua lub lug luo luy lzh lzz mad maf mag mah mai mak mal man mar mas mdf mdr men
        mer mfe mgh mgo mic min mkd mlg mlt mni moe moh mol mon mos mri mrj msa mua mus mwr mwv mya myv
        mzn nan nap naq nau nav nbl nde ndo nds nep new niu njo nld nmg nnh nno nob non nor nqo nso nus
        nya nym nyn nzi oci oji ojs oka ori orm osa oss pag pal pam pan pap pau pcd pcm pdc pdt peo pfl
        phn pis pli pms pnt pol pon por pqm prg pus quc que qug raj rgn rhg rif rof roh ron rtm rue rug
        run rus rwk sag sah san saq sas sat saz sbp scn sco sdc sdh seh sei ses sga sgs shi shn sid sin
        sli slk slv sly sma smd sme smj smn smo sms sna snb snd snk sog som sot spa sqi srd srn srp srr
        ssw ssy stq suk sun sus swa swb swc swe syr szl tah tam tat tcy tdu tel tem teo tet tgk tgl tha
        tig tir tiv tkl tkr tly tmh tog tok ton tpi tru trv trw tsd tsn tso ttt tuk tum tur tvl twi twq
        tyv tzm udm uga uig ukr umb und urd uzb vai vec ven vep vie vls vmf vol vot vro vun wae wal war
        wbp wln wol wuu xho xmf xog yao yap yav ybb yid yor yrl yue zea zgh zha zho zul zza
        """).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))


    /// The three-letter language subtags CLDR has a display name for but no
    /// likely subtags (ICU 72; 180 codes, `mul` and `zxx` left out).
    static let namedThreeLetter: Set<String> = Set(("""
        afh ain aju akz alb ale als ang anp arb arm arp arw avk ayr azj baq bcc bcl bih bur bxk bxr car
        cay chb chg chi chn chy cld cmn cnr crj crm crr cwd cze del dgo dhd dik din diq drw dum dut dzg
        eka ekk elx emk enm esk fat fre frm fro fuc gaz gba gbo geo ger gmh gno goh grb gre gug gya hai
        hax hdn hea hit hmn hup ice ike ikt jpr jrb kbl khk kho kmr knc kng knn kpv kut lam lfn liv lou
        lsm lui lun lus lvs mac mao may mde mga mhr mnc mnk mup mwl mye nia nog nov npi nwc nyo ojb ojc
        ojg ojw ory ota pbu per pes plt pnb pro prs quz rap rar rmy rom rum rup sad sam sba scc scr see
        sel shu slh slo spy src str sux swh syc tce ter tgx tht tib tlh tli tnf tsi ttm ttq umu uzn was
        wel xal xpe xsl ydd zai zap zbl zen zsm zun zyb
        """).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
