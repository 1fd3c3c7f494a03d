/* The fifteen string hashes of seed 000's C program, copied as the seed gives them (its
 * line breaks restored), and a main that prints each hash of each line of stdin: the
 * independent reference for src/filter/classic_hashes.rs (tests/classic_hashes.rs). */
#include <stdio.h>
#include <string.h>

unsigned int RSHash(char* str, unsigned int len) { unsigned int b = 378551; unsigned int a = 63689; unsigned int hash = 0; unsigned int i = 0; for(i=0; i<len; str++, i++) { hash = hash*a + (*str); a = a*b; } return hash; }
/* End Of RS Hash Function */
unsigned int JSHash(char* str, unsigned int len) { unsigned int hash = 1315423911; unsigned int i = 0; for(i=0; i<len; str++, i++) { hash ^= ((hash<<5) + (*str) + (hash>>2)); } return hash; }
/* End Of JS Hash Function */
unsigned int PJWHash(char* str, unsigned int len) { const unsigned int BitsInUnsignedInt = (unsigned int)(sizeof(unsigned int) * 8); const unsigned int ThreeQuarters = (unsigned int)((BitsInUnsignedInt * 3) / 4); const unsigned int OneEighth = (unsigned int)(BitsInUnsignedInt / 8); const unsigned int HighBits = (unsigned int)(0xFFFFFFFF) << (BitsInUnsignedInt - OneEighth); unsigned int hash = 0; unsigned int test = 0; unsigned int i = 0; for(i=0;i<len; str++, i++) { hash = (hash<<OneEighth) + (*str); if((test = hash & HighBits) != 0) { hash = ((hash ^(test >> ThreeQuarters)) & (~HighBits)); } } return hash; }
/* End Of P. J. Weinberger Hash Function */
unsigned int ELFHash(char* str, unsigned int len) { unsigned int hash = 0; unsigned int x = 0; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash = (hash << 4) + (*str); if((x = hash & 0xF0000000L) != 0) { hash ^= (x >> 24); } hash &= ~x; } return hash; }
/* End Of ELF Hash Function */
unsigned int BKDRHash(char* str, unsigned int len) { unsigned int seed = 131; /* 31 131 1313 13131 131313 etc.. */
unsigned int hash = 0; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash = (hash * seed) + (*str); } return hash; }
/* End Of BKDR Hash Function */
unsigned int SDBMHash(char* str, unsigned int len) { unsigned int hash = 0; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash = (*str) + (hash << 6) + (hash << 16) - hash; } return hash; }
/* End Of SDBM Hash Function */
unsigned int DJBHash(char* str, unsigned int len) { unsigned int hash = 5381; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash = ((hash << 5) + hash) + (*str); } return hash; }
/* End Of DJB Hash Function */
unsigned int DEKHash(char* str, unsigned int len) { unsigned int hash = len; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash = ((hash << 5) ^ (hash >> 27)) ^ (*str); } return hash; }
/* End Of DEK Hash Function */
unsigned int BPHash(char* str, unsigned int len) { unsigned int hash = 0; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash = hash << 7 ^ (*str); } return hash; }
/* End Of BP Hash Function */
unsigned int FNVHash(char* str, unsigned int len) { const unsigned int fnv_prime = 0x811C9DC5; unsigned int hash = 0; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash *= fnv_prime; hash ^= (*str); } return hash; }
/* End Of FNV Hash Function */
unsigned int APHash(char* str, unsigned int len) { unsigned int hash = 0xAAAAAAAA; unsigned int i = 0; for(i = 0; i < len; str++, i++) { hash ^= ((i & 1) == 0) ? ( (hash << 7) ^ (*str) * (hash >> 3)) : (~((hash << 11) + (*str) ^ (hash >> 5))); } return hash; }
/* End Of AP Hash Function */
unsigned int HFLPHash(char *str,unsigned int len) { unsigned int n=0; int i; char* b=(char *)&n; for(i=0;i<strlen(str);++i) { b[i%4]^=str[i]; } return n%len; }
/* End Of HFLP Hash Function*/
unsigned int HFHash(char* str,unsigned int len) { int result=0; char* ptr=str; int c; int i=0; for (i=1;c=*ptr++;i++) result += c*3*i; if (result<0) result = -result; return result%len; }
/*End Of HKHash Function */
unsigned int StrHash( char *str,unsigned int len) { register unsigned int h; register unsigned char *p; for(h=0,p=(unsigned char *)str;*p;p++) { h=31*h+*p; } return h; }
/*End Of StrHash Function*/
unsigned int TianlHash(char *str,unsigned int len) { unsigned long urlHashValue=0; int ilength=strlen(str); int i; unsigned char ucChar; if(!ilength) { return 0; } if(ilength<=256) { urlHashValue=16777216*(ilength-1); } else { urlHashValue = 42781900080; } if(ilength<=96) { for(i=1;i<=ilength;i++) { ucChar=str[i-1]; if(ucChar<='Z'&&ucChar>='A') { ucChar=ucChar+32; } urlHashValue+=(3*i*ucChar*ucChar+5*i*ucChar+7*i+11*ucChar)%1677216; } } else { for(i=1;i<=96;i++) { ucChar=str[i+ilength-96-1]; if(ucChar<='Z'&&ucChar>='A') { ucChar=ucChar+32; } urlHashValue+=(3*i*ucChar*ucChar+5*i*ucChar+7*i+11*ucChar)%1677216; } } return urlHashValue; }
/*End Of Tianl Hash Function*/

int main(void) {
    static char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        unsigned int n = strlen(line);
        printf("%u %u %u %u %u %u %u %u %u %u %u %u %u %u %u\n",
               RSHash(line, n), JSHash(line, n), PJWHash(line, n), ELFHash(line, n),
               BKDRHash(line, n), SDBMHash(line, n), DJBHash(line, n), DEKHash(line, n),
               BPHash(line, n), FNVHash(line, n), APHash(line, n),
               n ? HFLPHash(line, n) : 0, n ? HFHash(line, n) : 0,
               StrHash(line, n), TianlHash(line, n));
    }
    return 0;
}
